import {
  API_KEY_LIFETIMES,
  API_KEY_SCOPES,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from "@verbatim/shared/api-keys";
import { type FormEvent, useId, useState } from "react";
import { useTranslations } from "use-intl";
import { copyWithToast } from "@/components/copy-text";
import { QueryList } from "@/components/query-list";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useDateTimeFormat } from "@/entities/user/use-user-time";
import { userMessage } from "@/lib/api";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "../api/api-keys-api";
import { CodeChoices } from "./code-choices";
import { WebhooksSection } from "./webhooks-section";

/**
 * Settings › API: keys for scripts and integrations (`Authorization: Bearer vbt_…`), and webhooks. A new key is
 * shown once, here, to copy; afterwards only its name, first characters, scopes and dates are.
 */
export function ApiTab() {
  return (
    <div className="space-y-6">
      <ApiKeysCard />
      <WebhooksSection />
    </div>
  );
}

/** What each scope lets a key do (settings.api.scope.<key>). */
const SCOPE_KEY: Record<ApiKeyScope, "read" | "write" | "webhooks"> = {
  "transcriptions:read": "read",
  "transcriptions:write": "write",
  "webhooks:manage": "webhooks",
};

function ApiKeysCard() {
  const t = useTranslations("settings.api");
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {created && <NewKey created={created} onDone={() => setCreated(null)} />}
        <CreateKeyForm onCreated={setCreated} />
        <QueryList
          query={keys}
          items={(data) => data.keys}
          label={t("listLabel")}
          empty={t("empty")}
          loadFailed={t("loadFailed")}
        >
          {(key) => <KeyRow key={key.id} apiKey={key} />}
        </QueryList>
      </CardContent>
    </Card>
  );
}

function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const t = useTranslations("settings.api");
  const copy = () => copyWithToast(created.key, { copied: t("copied"), failed: t("copyFailed") });
  return (
    <div role="status" className="space-y-2 rounded-md border border-primary/40 bg-accent p-4">
      <p className="font-medium">{t("createdTitle", { name: created.name })}</p>
      <p className="text-sm">{t("createdBody")}</p>
      <code className="block break-all rounded bg-background p-2 text-sm" data-testid="new-api-key">
        {created.key}
      </code>
      <div className="flex gap-2">
        <Button size="sm" onClick={() => void copy()}>
          {t("copy")}
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          {t("done")}
        </Button>
      </div>
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const t = useTranslations("settings.api");
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["transcriptions:read"]);
  const [lifetime, setLifetime] = useState("90");
  const nameId = useId();
  const lifetimeId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const days = lifetime === "never" ? null : (Number(lifetime) as (typeof API_KEY_LIFETIMES)[number]);
    create.mutate(
      { name: name.trim(), scopes, expiresInDays: days },
      {
        onSuccess: (key) => {
          setName("");
          onCreated(key);
        },
        onError: (error) =>
          toast({ variant: "destructive", title: t("createFailed"), description: userMessage(error, t("tryAgain")) }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t("createLabel")}>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={nameId}>{t("name")}</Label>
          <Input
            id={nameId}
            value={name}
            maxLength={80}
            required
            placeholder={t("namePlaceholder")}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={lifetimeId}>{t("expires")}</Label>
          <Select id={lifetimeId} value={lifetime} onChange={(e) => setLifetime(e.target.value)}>
            {API_KEY_LIFETIMES.map((days) => (
              <option key={days} value={String(days)}>
                {t("days", { count: days })}
              </option>
            ))}
            <option value="never">{t("never")}</option>
          </Select>
        </div>
      </div>
      <CodeChoices
        legend={t("scopes")}
        options={API_KEY_SCOPES}
        chosen={scopes}
        onChange={setScopes}
        describe={(scope) => t(`scope.${SCOPE_KEY[scope]}`)}
      />
      <Button type="submit" disabled={create.isPending || !name.trim() || scopes.length === 0}>
        {create.isPending && <ButtonSpinner />}
        {t("create")}
      </Button>
    </form>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const t = useTranslations("settings.api");
  const { dateTime } = useDateTimeFormat();
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="font-medium">{apiKey.name}</p>
        <p className="text-xs text-muted-foreground">
          <code>{apiKey.prefix}…</code> · {apiKey.scopes.join(", ")}
        </p>
        <p className="text-xs text-muted-foreground">
          {t("createdAt", { at: dateTime(apiKey.createdAt) })} ·{" "}
          {apiKey.lastUsedAt ? t("lastUsed", { at: dateTime(apiKey.lastUsedAt) }) : t("neverUsed")} ·{" "}
          {apiKey.expiresAt ? t("expiresAt", { at: dateTime(apiKey.expiresAt) }) : t("noExpiry")}
        </p>
      </div>
      {confirming ? (
        <div className="flex items-center gap-2">
          <span className="text-sm">{t("revokeConfirm", { name: apiKey.name })}</span>
          <Button
            size="sm"
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(apiKey.id, {
                onError: (error) =>
                  toast({
                    variant: "destructive",
                    title: t("revokeFailed"),
                    description: userMessage(error, t("tryAgain")),
                  }),
              })
            }
          >
            {revoke.isPending && <ButtonSpinner />}
            {t("revoke")}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            {t("cancel")}
          </Button>
        </div>
      ) : (
        <Button
          size="sm"
          variant="ghost"
          aria-label={t("revokeLabel", { name: apiKey.name })}
          onClick={() => setConfirming(true)}
        >
          {t("revoke")}
        </Button>
      )}
    </li>
  );
}

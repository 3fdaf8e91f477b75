import { type CreateWebhook, WEBHOOK_EVENTS, type WebhookEvent } from "@verbatim/shared/webhooks";
import { type FormEvent, useId, useState } from "react";
import { useTranslations } from "use-intl";
import { QueryList } from "@/components/query-list";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { userMessage } from "@/lib/api";
import { useCreateWebhook, useWebhooks } from "../api/webhooks-api";
import { CodeChoices } from "./code-choices";
import { WebhookEndpointRow } from "./webhook-endpoint";

/** The catalogue key of each event's description (settings.webhooks.event.<key>). */
export const EVENT_KEY: Record<WebhookEvent, "completed" | "failed" | "updated" | "deleted"> = {
  "transcription.completed": "completed",
  "transcription.failed": "failed",
  "transcription.updated": "updated",
  "transcription.deleted": "deleted",
};

/**
 * Settings › API › Webhooks: endpoints Verbatim POSTs signed transcription events to, each with its secret, an on/off
 * switch and its delivery log.
 */
export function WebhooksSection() {
  const t = useTranslations("settings.webhooks");
  const endpoints = useWebhooks();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <AddEndpointForm />
        <QueryList
          query={endpoints}
          items={(data) => data.endpoints}
          label={t("listLabel")}
          empty={t("empty")}
          loadFailed={t("loadFailed")}
        >
          {(endpoint) => <WebhookEndpointRow key={endpoint.id} endpoint={endpoint} />}
        </QueryList>
      </CardContent>
    </Card>
  );
}

function AddEndpointForm() {
  const t = useTranslations("settings.webhooks");
  const create = useCreateWebhook();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["transcription.completed", "transcription.failed"]);
  const urlId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: CreateWebhook = { url: url.trim(), events };
    create.mutate(body, {
      onSuccess: () => setUrl(""),
      onError: (error) =>
        toast({ variant: "destructive", title: t("addFailed"), description: userMessage(error, t("tryAgain")) }),
    });
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t("addLabel")}>
      <div className="space-y-2">
        <Label htmlFor={urlId}>{t("url")}</Label>
        <Input
          id={urlId}
          type="url"
          value={url}
          maxLength={2000}
          required
          placeholder={t("urlPlaceholder")}
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      <CodeChoices
        legend={t("events")}
        options={WEBHOOK_EVENTS}
        chosen={events}
        onChange={setEvents}
        describe={(name) => t(`event.${EVENT_KEY[name]}`)}
      />
      <Button type="submit" disabled={create.isPending || !url.trim() || events.length === 0}>
        {create.isPending && <ButtonSpinner />}
        {t("add")}
      </Button>
    </form>
  );
}

import type { VoiceProfile } from "@verbatim/shared/voices";
import { type FormEvent, useId, useState } from "react";
import { useTranslations } from "use-intl";
import { QueryList } from "@/components/query-list";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useForgetVoice, useRenameVoice, useVoices } from "@/entities/voices/voices-api";
import { useCurrentSpace } from "@/entities/workspace/current-space";
import { userMessage } from "@/lib/api";

/**
 * Settings › Voices: the voices the user asked Verbatim to remember (from a transcript's speakers panel). A later
 * recording's speaker with one of these voices gets its name. Renamed, later recordings use the new name;
 * forgotten, the voice data is deleted at once.
 */
export function VoicesTab() {
  const t = useTranslations("settings.voices");
  const { space, workspace } = useCurrentSpace();
  const voices = useVoices(space);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>
          {workspace ? t("teamDescription", { workspace: workspace.name }) : t("description")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryList
          query={voices}
          items={(data) => data.voices}
          label={t("title")}
          empty={t("empty")}
          loadFailed={t("loadFailed")}
        >
          {(voice) => <VoiceRow key={voice.id} voice={voice} />}
        </QueryList>
      </CardContent>
    </Card>
  );
}

function VoiceRow({ voice }: { voice: VoiceProfile }) {
  const t = useTranslations("settings.voices");
  const rename = useRenameVoice();
  const forget = useForgetVoice();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(voice.name);
  const inputId = useId();
  const failed = (title: string) => (error: unknown) =>
    toast({ variant: "destructive", title, description: userMessage(error, t("tryAgain")) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { id: voice.id, name: name.trim() },
      { onSuccess: () => setEditing(false), onError: failed(t("renameFailed")) },
    );
  };

  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      {editing ? (
        <form
          onSubmit={submit}
          className="flex flex-1 items-center gap-2"
          aria-label={t("renameLabel", { name: voice.name })}
        >
          <label htmlFor={inputId} className="sr-only">
            {t("newName", { name: voice.name })}
          </label>
          <Input
            id={inputId}
            value={name}
            maxLength={80}
            required
            autoFocus
            onChange={(e) => setName(e.target.value)}
            className="h-9 w-48"
          />
          <Button type="submit" size="sm" disabled={rename.isPending || !name.trim()}>
            {rename.isPending && <ButtonSpinner />}
            {t("save")}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
            {t("cancel")}
          </Button>
        </form>
      ) : (
        <div className="flex-1">
          <p className="font-medium">{voice.name}</p>
          <p className="text-xs text-muted-foreground">{t("samples", { count: voice.samples })}</p>
        </div>
      )}
      {!editing &&
        (confirming ? (
          <div className="flex items-center gap-2">
            <span className="text-sm">{t("forgetConfirm", { name: voice.name })}</span>
            <Button
              size="sm"
              variant="destructive"
              disabled={forget.isPending}
              onClick={() => forget.mutate(voice.id, { onError: failed(t("forgetFailed")) })}
            >
              {forget.isPending && <ButtonSpinner />}
              {t("forget")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              {t("cancel")}
            </Button>
          </div>
        ) : (
          <>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t("renameLabel", { name: voice.name })}
              onClick={() => {
                setName(voice.name);
                setEditing(true);
              }}
            >
              {t("rename")}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t("forgetLabel", { name: voice.name })}
              onClick={() => setConfirming(true)}
            >
              {t("forget")}
            </Button>
          </>
        ))}
    </li>
  );
}

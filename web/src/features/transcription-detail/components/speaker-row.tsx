import { speakerLabel } from "@verbatim/shared/speakers";
import type { Speaker } from "@verbatim/shared/transcript";
import { type FormEvent, useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ButtonSpinner } from "@/components/ui/spinner";
import { speakerColor } from "@/entities/transcription/speakers";
import { cn } from "@/lib/cn";

/**
 * One speaker in the panel: a toggle that shows only their lines (with the others picked), and, for diarized
 * speakers, a rename form. An empty name gives the speaker back its "Speaker N" label.
 */
export function SpeakerRow({
  speaker,
  speakers,
  renamable,
  filtered,
  onToggle,
  saving,
  onRename,
  voice,
}: {
  speaker: string;
  speakers: Speaker[];
  renamable: boolean;
  filtered: boolean;
  onToggle: () => void;
  saving: boolean;
  onRename: (name: string | null) => Promise<boolean>;
  /**
   * The speaker's kept voice, for a named speaker (voices remembered across recordings): `remembered` once it
   * matches a voice the user remembered; absent when no voice was kept.
   */
  voice?: { remembered: boolean; remembering: boolean; onRemember: () => void } | undefined;
}) {
  const t = useTranslations("detail.speakers");
  const label = speakerLabel(speakers, speaker);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState("");
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onRename(name.trim() || null)) setEditing(false);
  };

  return (
    <li className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        aria-pressed={filtered}
        onClick={onToggle}
        className={cn(
          "inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          filtered ? "border-primary bg-accent font-medium" : "hover:bg-muted",
        )}
        title={filtered ? t("stopShowingOnly", { name: label }) : t("showOnly", { name: label })}
      >
        <span
          aria-hidden="true"
          className="inline-block size-2.5 rounded-full"
          style={{ backgroundColor: speakerColor(speakers, speaker) }}
        />
        {label}
      </button>
      {renamable &&
        (editing ? (
          <form onSubmit={submit} className="flex items-center gap-2" aria-label={t("renameLabel", { name: label })}>
            <label htmlFor={inputId} className="sr-only">
              {t("newName", { name: label })}
            </label>
            <Input
              id={inputId}
              value={name}
              maxLength={80}
              autoFocus
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Escape") setEditing(false);
              }}
              className="h-9 w-44"
              placeholder={label}
            />
            <Button type="submit" size="sm" disabled={saving}>
              {saving && <ButtonSpinner />}
              {t("save")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              {t("cancel")}
            </Button>
          </form>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t("renameLabel", { name: label })}
            onClick={() => {
              setName(speakers.find((s) => s.id === speaker)?.name ?? "");
              setEditing(true);
            }}
          >
            {t("rename")}
          </Button>
        ))}
      {voice &&
        !editing &&
        (voice.remembered ? (
          <span className="text-xs text-muted-foreground">{t("voiceRemembered")}</span>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t("rememberVoiceLabel", { name: label })}
            disabled={voice.remembering}
            onClick={voice.onRemember}
          >
            {voice.remembering && <ButtonSpinner />}
            {t("rememberVoice")}
          </Button>
        ))}
    </li>
  );
}

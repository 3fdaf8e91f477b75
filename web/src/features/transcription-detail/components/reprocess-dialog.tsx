import type { Transcription } from "@verbatim/shared/transcription";
import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ButtonSpinner } from "@/components/ui/spinner";
import { type SpeakerChoice, speakerFields } from "@/entities/transcription/speaker-choice";
import { SpeakerRecognitionField } from "@/entities/transcription/speaker-recognition";
import { cn } from "@/lib/cn";

type Edits = "keep" | "discard";

/** Each choice's words are detail.reprocess.<choice> and <choice>Hint. */
const EDIT_CHOICES: readonly Edits[] = ["discard", "keep"];

/**
 * Transcribe the recording again, e.g. with speaker recognition turned on for a recording uploaded without it.
 * A transcript the user has edited (version above 1) asks what becomes of the edits; nothing is lost either way.
 */
export function ReprocessDialog({
  transcription: item,
  open,
  onOpenChange,
  pending,
  onReprocess,
}: {
  transcription: Transcription;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onReprocess: (options: { diarize: boolean; num_speakers?: number; edits: Edits }) => void;
}) {
  const t = useTranslations("detail.reprocess");
  const [speakers, setSpeakers] = useState<SpeakerChoice>({ diarize: item.diarize, numSpeakers: item.num_speakers });
  const [edits, setEdits] = useState<Edits>("discard");
  const group = useId();
  const edited = item.transcript_version > 1;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("title")}
      description={t("description")}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("cancel")}
          </Button>
          <Button disabled={pending} onClick={() => onReprocess({ ...speakerFields(speakers), edits })}>
            {pending && <ButtonSpinner />}
            {t("submit")}
          </Button>
        </>
      }
    >
      <SpeakerRecognitionField value={speakers} onChange={setSpeakers} disabled={pending} />
      {edited && (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium">{t("edited")}</legend>
          {EDIT_CHOICES.map((choice) => (
            <label
              key={choice}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                edits === choice ? "border-primary bg-accent" : "hover:bg-muted",
              )}
            >
              <input
                type="radio"
                name={group}
                value={choice}
                checked={edits === choice}
                onChange={() => setEdits(choice)}
                className="mt-0.5 accent-primary"
              />
              <span>
                <span className="block font-medium">{t(choice)}</span>
                <span className="block text-xs text-muted-foreground">{t(`${choice}Hint`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </Dialog>
  );
}

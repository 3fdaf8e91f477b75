import type { PlanUsage } from "@verbatim/shared/subscription";
import type { Transcription } from "@verbatim/shared/transcription";
import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { type SpeakerChoice, speakerFields } from "@/entities/transcription/speaker-choice";
import { SpeakerRecognitionField } from "@/entities/transcription/speaker-recognition";
import { cn } from "@/lib/cn";
import { RunDialog } from "./run-dialog";

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
  error,
  usage,
  onReprocess,
}: {
  transcription: Transcription;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** Why the last attempt was refused, shown in the dialog (a toast would sit behind its backdrop). */
  error: string | null;
  /** The month's usage on a plan with a limit: reprocessing uses one of its transcriptions. */
  usage: PlanUsage | undefined;
  onReprocess: (options: { diarize: boolean; num_speakers?: number; edits: Edits }) => void;
}) {
  const t = useTranslations("detail.reprocess");
  const [speakers, setSpeakers] = useState<SpeakerChoice>({ diarize: item.diarize, numSpeakers: item.num_speakers });
  const [edits, setEdits] = useState<Edits>("discard");
  const group = useId();
  const edited = item.transcript_version > 1;

  return (
    <RunDialog
      run="reprocess"
      open={open}
      onOpenChange={onOpenChange}
      pending={pending}
      error={error}
      usage={usage}
      onConfirm={() => onReprocess({ ...speakerFields(speakers), edits })}
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
    </RunDialog>
  );
}

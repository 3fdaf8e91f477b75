import { Link } from "@tanstack/react-router";
import type { PlanUsage } from "@verbatim/shared/subscription";
import type { Transcription } from "@verbatim/shared/transcription";
import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { LinkedText } from "@/components/ui/linked-text";
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
  const left = usage && usage.limit !== null ? Math.max(0, usage.limit - usage.used) : null;

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
          <Button disabled={pending || left === 0} onClick={() => onReprocess({ ...speakerFields(speakers), edits })}>
            {pending && <ButtonSpinner />}
            {t("submit")}
          </Button>
        </>
      }
    >
      {left !== null && usage?.limit != null && (
        <p data-testid="reprocess-usage" className="rounded-md bg-muted px-3 py-2 text-sm">
          {left === 0 ? t("noneLeft", { limit: usage.limit }) : t("usesOne", { left, limit: usage.limit })}{" "}
          {left === 0 && (
            <Link to="/subscription" className="font-medium underline underline-offset-4">
              {t("upgrade")}
            </Link>
          )}
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          <LinkedText text={error} />
        </p>
      )}
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

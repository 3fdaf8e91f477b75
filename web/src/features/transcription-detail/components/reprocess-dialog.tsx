import type { Transcription } from "@verbatim/shared/transcription";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ButtonSpinner } from "@/components/ui/spinner";
import { type SpeakerChoice, speakerFields } from "@/entities/transcription/speaker-choice";
import { SpeakerRecognitionField } from "@/entities/transcription/speaker-recognition";
import { cn } from "@/lib/cn";

type Edits = "keep" | "discard";

const EDIT_CHOICES: ReadonlyArray<{ value: Edits; label: string; hint: string }> = [
  {
    value: "discard",
    label: "Use the new transcript",
    hint: "Your edits are replaced; they stay in the history and can be restored.",
  },
  { value: "keep", label: "Keep my edited transcript", hint: "The new transcript is saved in the history only." },
];

/**
 * Transcribe the recording again, e.g. with speaker recognition turned on for a recording uploaded without it.
 * A transcript the user has edited (version above 1) asks what becomes of the edits; nothing is lost either way.
 */
export function ReprocessDialog({
  transcription: t,
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
  const [speakers, setSpeakers] = useState<SpeakerChoice>({ diarize: t.diarize, numSpeakers: t.num_speakers });
  const [edits, setEdits] = useState<Edits>("discard");
  const group = useId();
  const edited = t.transcript_version > 1;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reprocess recording"
      description="Transcribe the recording again from its stored audio, then analyse it."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={pending} onClick={() => onReprocess({ ...speakerFields(speakers), edits })}>
            {pending && <ButtonSpinner />}
            Reprocess
          </Button>
        </>
      }
    >
      <SpeakerRecognitionField value={speakers} onChange={setSpeakers} disabled={pending} />
      {edited && (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium">You have edited this transcript</legend>
          {EDIT_CHOICES.map((c) => (
            <label
              key={c.value}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                edits === c.value ? "border-primary bg-accent" : "hover:bg-muted",
              )}
            >
              <input
                type="radio"
                name={group}
                value={c.value}
                checked={edits === c.value}
                onChange={() => setEdits(c.value)}
                className="mt-0.5 accent-primary"
              />
              <span>
                <span className="block font-medium">{c.label}</span>
                <span className="block text-xs text-muted-foreground">{c.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </Dialog>
  );
}

import type { GeneralPreferences } from "@verbatim/shared/preferences";
import { useEffect, useState } from "react";
import { NO_SPEAKER_RECOGNITION, type SpeakerChoice } from "@/entities/transcription/speaker-choice";

/**
 * The upload screen's speaker recognition choice: Settings' default until the user changes it here. The saved
 * preferences may arrive after the screen opens; they apply only while the user has not touched the option.
 */
export function useSpeakerChoice(
  general: Pick<GeneralPreferences, "speakerRecognition" | "speakerCount"> | undefined,
): [SpeakerChoice, (next: SpeakerChoice) => void] {
  const [choice, setChoice] = useState<SpeakerChoice | null>(null);
  const [fallback, setFallback] = useState<SpeakerChoice>(NO_SPEAKER_RECOGNITION);
  const diarize = general?.speakerRecognition;
  const count = general?.speakerCount;
  useEffect(() => {
    if (diarize !== undefined) setFallback({ diarize, numSpeakers: count ?? null });
  }, [diarize, count]);
  return [choice ?? fallback, setChoice];
}

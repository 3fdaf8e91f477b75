// Speaker recognition as chosen at upload or reprocess, and its wire fields: no React, so the service worker
// (sw/background-sync.ts) can build an upload with it too.

/** Speaker recognition as the user chose it: on or off, and how many people speak when they know. */
export interface SpeakerChoice {
  diarize: boolean;
  /** null = found automatically. */
  numSpeakers: number | null;
}

export const NO_SPEAKER_RECOGNITION: SpeakerChoice = { diarize: false, numSpeakers: null };

/** The wire fields (upload JSON, reprocess): a count is only sent with speaker recognition on (the API refuses it alone). */
export function speakerFields(choice: SpeakerChoice): { diarize: boolean; num_speakers?: number } {
  return choice.diarize && choice.numSpeakers !== null
    ? { diarize: true, num_speakers: choice.numSpeakers }
    : { diarize: choice.diarize };
}

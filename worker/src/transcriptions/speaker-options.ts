import { SPEAKER_COUNT_INVALID, SPEAKER_COUNT_WITHOUT_DIARIZE, speakerCountSchema } from "@verbatim/shared";
import { ApiError } from "../http/errors";

/** What a transcription row stores of the user's speaker recognition choice. */
export type SpeakerChoice = { diarize: boolean; numSpeakers: number | null };

/**
 * The checked choice. A number of speakers without speaker recognition is refused rather than ignored, so a
 * client bug can't silently drop what the user asked for.
 */
export function speakerChoice(v: { diarize?: boolean | undefined; num_speakers?: number | null | undefined }) {
  const diarize = v.diarize ?? false;
  const numSpeakers = v.num_speakers ?? null;
  if (!diarize && numSpeakers !== null) throw new ApiError(400, SPEAKER_COUNT_WITHOUT_DIARIZE);
  return { diarize, numSpeakers } satisfies SpeakerChoice;
}

const FLAG = "diarize must be true or false";

/** The multipart upload form's `diarize` / `num_speakers` fields (strings; absent = off / unknown). */
export function speakerChoiceFromForm(fields: Record<string, string | undefined>) {
  const flag = fields.diarize?.trim().toLowerCase();
  if (flag !== undefined && flag !== "" && flag !== "true" && flag !== "false") throw new ApiError(400, FLAG);
  const count = fields.num_speakers?.trim();
  let numSpeakers: number | null = null;
  if (count) {
    const parsed = speakerCountSchema.safeParse(count);
    if (!parsed.success) throw new ApiError(400, SPEAKER_COUNT_INVALID);
    numSpeakers = parsed.data;
  }
  return speakerChoice({ diarize: flag === "true", num_speakers: numSpeakers });
}

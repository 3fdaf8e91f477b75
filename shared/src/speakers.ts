import limits from "../data/speakers.json" with { type: "json" };
import type { Speaker } from "./transcript";

// Speakers as the user sees and counts them, the same in the web app, the Worker's text, exports and analysis,
// and (for the count) the speech engine, which reads the same limits (asr/verbatim_asr/app.py).

/** How many people a speaker count may name. */
export const SPEAKER_COUNT = { min: limits.min, max: limits.max } as const;

/** "Dana" once named, else "Speaker 2" (by order of first appearance); a legacy "Name:" label as it is. */
export function speakerLabel(speakers: readonly Speaker[], id: string): string {
  const index = speakers.findIndex((s) => s.id === id);
  if (index < 0) return id;
  return speakers[index]?.name ?? `Speaker ${index + 1}`;
}

import { readStoredAnalysis } from "@verbatim/shared/analysis";
import type { Transcription } from "@verbatim/shared/transcription";

/**
 * The analysis columns, each an object or a JSON string of one. Malformed values are logged and
 * treated as absent, so their tab shows its empty message.
 */
export function readAnalysis(t: Transcription) {
  const parsed = readStoredAnalysis(t);
  for (const field of ["key_points", "summary_analysis", "transcription_details"] as const) {
    if (t[field] != null && parsed[field] === null)
      console.warn(`Ignoring malformed ${field} of transcription ${t.id}`);
  }
  return parsed;
}

export type Analysis = ReturnType<typeof readAnalysis>;

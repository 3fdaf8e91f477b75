import type { AnalysisPreferences, AnalysisResult, LlmAnalysis } from "@verbatim/shared";
import { grounded, sourceIndex, unsupported } from "./grounding";

/**
 * The model's summary and key points without what the transcript does not support (grounding.ts), and notes that
 * say what was dropped. Where nothing of one is left, the offline engine's stands in, and a note says so.
 */
export function groundedAnalysis(
  analysis: LlmAnalysis,
  offline: AnalysisResult,
  prefs: AnalysisPreferences,
  who: string,
): { analysis: LlmAnalysis; notes: string[] } {
  const source = sourceIndex(offline.formatted_transcript);
  // German capitalises every noun: there a capital does not mark a name.
  const options = { checkNames: prefs.preferredLanguage !== "German" };
  const notes: string[] = [];
  const summary = grounded(analysis.summary, source, options);
  if (summary.dropped.length > 0) {
    const missing = [...new Set(summary.dropped.flatMap((d) => d.missing))].join(", ");
    notes.push(
      `${summary.dropped.length} sentence(s) of the summary by ${who} were dropped: the transcript does not mention ${missing}.`,
    );
  }
  if (summary.copied.length > 0) {
    notes.push(
      `${summary.copied.length} sentence(s) of the summary by ${who} were dropped: copied from the transcript.`,
    );
  }
  const keyPoints = analysis.key_points.filter((point) => unsupported(point, source, options).length === 0);
  if (keyPoints.length < analysis.key_points.length) {
    notes.push(
      `${analysis.key_points.length - keyPoints.length} key point(s) by ${who} were dropped: they name what the transcript does not.`,
    );
  }
  const summaryLost = summary.text === "" && analysis.summary.trim() !== "";
  if (summaryLost) notes.push("No sentence of the model's summary held up; the offline engine's summary is shown.");
  const pointsLost = keyPoints.length === 0 && analysis.key_points.length > 0;
  if (pointsLost) notes.push("No key point of the model's held up; the offline engine's key points are shown.");
  return {
    analysis: {
      ...analysis,
      summary: summaryLost ? offline.summary : summary.text,
      key_points: pointsLost ? offline.key_points : keyPoints,
    },
    notes,
  };
}

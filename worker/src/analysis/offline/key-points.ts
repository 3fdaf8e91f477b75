import type { EnhancedKeyPoint } from "@verbatim/shared";
import { markerTime } from "@verbatim/shared/time-marker";
import { isDecision } from "./decisions";
import { pickDistinct } from "./salience";
import type { Sentence } from "./sentences";
import { tidySentence } from "./text";

/** The most central statements, distinct from one another, in the order they were said. */
export function selectKeyPoints(sentences: readonly Sentence[], scores: readonly number[]): Sentence[] {
  const count = Math.min(10, Math.max(4, Math.round(sentences.length / 12)));
  return pickDistinct(
    sentences.filter((s) => !s.question),
    scores,
    count,
  );
}

/** Key points anchored to where they were said, so a client can link each to its moment in the transcript. */
export function enhanceKeyPoints(
  points: readonly Sentence[],
  actionSentences: ReadonlySet<number>,
): EnhancedKeyPoint[] {
  return points.map((s) => ({
    text: tidySentence(s.text),
    kind: isDecision(s) ? "decision" : actionSentences.has(s.index) ? "action" : "point",
    speaker: s.speaker,
    timestamp: markerTime(s.start),
  }));
}

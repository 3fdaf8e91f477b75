import type { Segment, TranscriptDoc, Word } from "@verbatim/shared";
import type { SpeechResult } from "../asr/types";
import { joinWords } from "./text";

export interface ChunkResult {
  /** Where the chunk starts in the whole recording, in seconds. */
  startOffset: number;
  result: SpeechResult;
}

const shift = (w: Word, by: number): Word => ({ word: w.word, start: w.start + by, end: w.end + by });

/**
 * Joins chunk transcripts into one. Neighbouring chunks may overlap (clients cut with a margin so no word is
 * sliced in two); each word belongs to exactly one chunk: the one on its side of the middle of the overlap.
 * That is what keeps words from being lost or doubled at the seams.
 */
export function joinChunks(chunks: ChunkResult[]): TranscriptDoc {
  const sorted = [...chunks].sort((a, b) => a.startOffset - b.startOffset);
  const ends = sorted.map((c) => c.startOffset + c.result.duration);
  const cuts = sorted.map((_, i) => {
    const next = sorted[i + 1];
    if (!next) return Number.POSITIVE_INFINITY;
    const end = ends[i] as number;
    return next.startOffset < end ? (next.startOffset + end) / 2 : next.startOffset;
  });

  const segments: Segment[] = [];
  sorted.forEach((chunk, i) => {
    const from = i === 0 ? Number.NEGATIVE_INFINITY : (cuts[i - 1] as number);
    const to = cuts[i] as number;
    const inside = (start: number, end: number) => {
      const mid = (start + end) / 2;
      return mid >= from && mid < to;
    };
    for (const seg of chunk.result.segments) {
      const start = seg.start + chunk.startOffset;
      const end = seg.end + chunk.startOffset;
      if (seg.words && seg.words.length > 0) {
        const words = seg.words.map((w) => shift(w, chunk.startOffset)).filter((w) => inside(w.start, w.end));
        if (words.length === 0) continue;
        const whole = words.length === seg.words.length;
        segments.push({
          start: whole ? start : (words[0] as Word).start,
          end: whole ? end : (words.at(-1) as Word).end,
          text: whole ? seg.text : joinWords(words, seg.text),
          words,
          ...(seg.speaker ? { speaker: seg.speaker } : {}),
        });
      } else if (inside(start, end)) {
        segments.push({ ...seg, start, end });
      }
    }
  });

  const languages = sorted.map((c) => c.result.language).filter((l): l is string => !!l);
  return {
    language: mostCommon(languages),
    duration: Math.max(0, ...ends),
    segments,
  };
}

function mostCommon(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 0;
  for (const [v, n] of counts) if (n > bestCount) [best, bestCount] = [v, n];
  return best;
}

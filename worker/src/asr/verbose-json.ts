import type { Segment } from "@verbatim/shared";
import { toLanguageCode } from "./languages";
import type { SpeechResult } from "./types";

/** OpenAI's verbose_json transcription shape (the fields Verbatim reads). */
export interface VerboseJson {
  language?: string;
  duration?: number;
  text?: string;
  segments?: { start: number; end: number; text: string }[];
  words?: { word: string; start: number; end: number }[];
}

/** Words arrive as one flat list; each is given to the segment whose span holds its midpoint. */
export function fromVerboseJson(body: VerboseJson): SpeechResult {
  const words = body.words ?? [];
  let w = 0;
  const segments: Segment[] = (body.segments ?? []).map((s, i, all) => {
    const next = all[i + 1];
    const own: Segment["words"] = [];
    while (w < words.length) {
      const word = words[w] as { word: string; start: number; end: number };
      const mid = (word.start + word.end) / 2;
      if (next && mid >= next.start) break;
      own.push({ word: word.word.trim(), start: word.start, end: word.end });
      w++;
    }
    return { start: s.start, end: s.end, text: s.text.trim(), words: own };
  });
  return {
    language: toLanguageCode(body.language),
    duration: body.duration ?? segments.at(-1)?.end ?? 0,
    segments: segments.filter((s) => s.text.length > 0),
  };
}

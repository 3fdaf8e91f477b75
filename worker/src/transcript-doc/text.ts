import { markerTime, type Segment } from "@verbatim/shared";
import { sentenceSpans } from "../rules/sentence-spans";

/** Words come without their spacing; scripts written without spaces (Japanese, Chinese) join without one. */
export function joinWords(words: { word: string }[], sample: string) {
  return words.map((w) => w.word).join(/\s/.test(sample.trim()) ? " " : "");
}

/** The segment's text cut after each sentence. */
function splitSentences(text: string) {
  const out = sentenceSpans(text).map((p) => text.slice(p.from, p.to));
  return out.length ? out : [text];
}

interface Line {
  start: number;
  text: string;
  speaker?: string | undefined;
}

/**
 * Splits a segment into sentences and gives each the start time of its first word. Word lists and text
 * don't always tokenise alike, so a sentence's first word is found by its share of the segment's text.
 */
function sentences(seg: Segment): Line[] {
  const text = seg.text.trim();
  const parts = splitSentences(text);
  const words = seg.words ?? [];
  if (parts.length <= 1 || words.length === 0)
    return [{ start: words[0]?.start ?? seg.start, text, speaker: seg.speaker }];
  const tokens = text.split(/\s+/).length;
  let chars = 0;
  let tokenAt = 0;
  return parts.map((part) => {
    const index = tokens === words.length ? tokenAt : Math.round((chars / text.length) * words.length);
    const start = words[Math.min(index, words.length - 1)]?.start ?? seg.start;
    chars += part.length + 1;
    tokenAt += part.split(/\s+/).length;
    return { start, text: part, speaker: seg.speaker };
  });
}

/** The transcript as stored in `text`: one `[mm:ss] sentence` line each, with `Speaker: ` when known. */
export function transcriptText(segments: Segment[]): string {
  return segments
    .flatMap(sentences)
    .map((l) => `[${markerTime(l.start)}] ${l.speaker ? `${l.speaker}: ` : ""}${l.text}`)
    .join("\n");
}

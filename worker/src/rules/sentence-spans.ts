import { SENTENCE_ABBREVIATIONS, SENTENCE_CLOSER_CLASS, SENTENCE_END_CLASS } from "@verbatim/shared/sentences";

// Where sentences end in recognised text, as the engine cuts its segments (asr/verbatim_asr/sentences.py, from
// the same marks and abbreviations): the stored transcript's lines and the offline analysis of languages it
// cannot parse both cut here.

const SENTENCE = new RegExp(`[^${SENTENCE_END_CLASS}]+(?:[${SENTENCE_END_CLASS}]+[${SENTENCE_CLOSER_CLASS}]*|$)`, "gu");

/**
 * Whether `next` goes on the sentence `part` seems to end: after an abbreviation or an initial, or in lower case.
 * "e.g." and "z.B." are cut at each full stop, so their pieces are single letters, which count as initials.
 */
function continues(part: string, next: string) {
  const last = part.split(/\s+/).pop() ?? "";
  const stem = last.endsWith(".") ? last.slice(0, -1).toLowerCase() : "";
  return SENTENCE_ABBREVIATIONS.has(stem) || /^\p{L}$/u.test(stem) || /^\p{Ll}/u.test(next);
}

/** Each sentence of `text` as the offsets of its trimmed text (none for blank text). */
export function sentenceSpans(text: string): { from: number; to: number }[] {
  const parts: { from: number; to: number }[] = [];
  for (const m of text.matchAll(SENTENCE)) {
    const previous = parts.at(-1);
    const part = { from: m.index, to: m.index + m[0].length };
    if (previous && continues(text.slice(previous.from, previous.to).trim(), m[0].trim())) previous.to = part.to;
    else parts.push(part);
  }
  return parts
    .map(({ from, to }) => {
      const piece = text.slice(from, to);
      const start = from + (piece.length - piece.trimStart().length);
      return { from: start, to: from + piece.trimEnd().length };
    })
    .filter((p) => p.to > p.from);
}

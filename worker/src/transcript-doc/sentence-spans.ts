// Where sentences end in recognised text, as the engine cuts its segments (asr/verbatim_asr/sentences.py):
// the stored transcript's lines and the offline analysis of languages it cannot parse both cut here.

const ENDS = ".?!…。？！؟।";
const SENTENCE = new RegExp(`[^${ENDS}]+(?:[${ENDS}]+["'”’»)\\]]*|$)`, "gu");
// Titles and abbreviations whose full stop ends no sentence ("Mr. Dashwood"): the engine's list. "e.g." and
// "z.B." need no entry: split at each full stop, their pieces are single letters, which count as initials.
const TITLES = new Set("mr mrs ms dr prof st jr sr vs sra dra mme mlle hr fr nr bzw ca sig dott".split(" "));

/** Whether `next` goes on the sentence `part` seems to end: after a title or an initial, or in lower case. */
function continues(part: string, next: string) {
  const last = part.split(/\s+/).pop() ?? "";
  const stem = last.endsWith(".") ? last.slice(0, -1).toLowerCase() : "";
  return TITLES.has(stem) || /^\p{L}$/u.test(stem) || /^\p{Ll}/u.test(next);
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

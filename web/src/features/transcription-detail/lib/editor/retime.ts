import type { Segment, Word } from "@verbatim/shared/transcript";

// A segment's words after its text was edited: the words the user left alone keep the times the recogniser
// gave them, and every new or changed word is placed, by its length, in the time between the unchanged words
// around it (or the segment's edges), so a timestamp never moves because of a typo fixed elsewhere.

/** Segments longer than this many words × words are matched by common prefix and suffix only (a quadratic diff). */
const MAX_DIFF_CELLS = 250_000;

/** True when the segment's text is written without spaces between words (Japanese, Chinese, Thai). */
export function joinsWithoutSpaces(segment: Pick<Segment, "text" | "words">): boolean {
  const text = segment.text.trim();
  return (segment.words?.length ?? 0) > 1 && text.length > 0 && !/\s/.test(text);
}

/** The words of a text as the editor counts them: by spaces, or by the browser's word breaker for scripts without. */
export function tokenize(text: string, withoutSpaces = false): string[] {
  if (!withoutSpaces) return text.split(/\s+/).filter(Boolean);
  const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });
  return [...segmenter.segment(text)].map((s) => s.segment).filter((s) => s.trim());
}

export function joinTokens(tokens: string[], withoutSpaces = false): string {
  return tokens.join(withoutSpaces ? "" : " ");
}

/**
 * The segment's words, or, for a segment the recogniser gave no word times, its text's words spread evenly over
 * the segment (by length), so split and the playing-word highlight work on every segment.
 */
export function wordsOf(segment: Segment): Word[] {
  if (segment.words && segment.words.length > 0) return segment.words;
  const tokens = tokenize(segment.text.trim());
  return spread(tokens, segment.start, segment.end, segment.speaker);
}

/** Words for `tokens` laid end to end over [from, to], each taking time in proportion to its length. */
function spread(tokens: string[], from: number, to: number, speaker: string | undefined): Word[] {
  const weights = tokens.map((t) => t.length + 1);
  const total = weights.reduce((a, b) => a + b, 0);
  const span = Math.max(0, to - from);
  let at = from;
  return tokens.map((word, i) => {
    const start = at;
    const end = i === tokens.length - 1 ? Math.max(from, to) : at + (span * (weights[i] as number)) / total;
    at = end;
    return speaker === undefined ? { word, start, end } : { word, start, end, speaker };
  });
}

/** Pairs (old index, new index) of equal tokens in order: the longest common subsequence of the two lists. */
export function matchTokens(before: string[], after: string[]): Array<[number, number]> {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail++;
  }
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < head; i++) pairs.push([i, i]);
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  if (a.length > 0 && b.length > 0 && a.length * b.length <= MAX_DIFF_CELLS) {
    // lengths[i][j]: LCS of a[i..] and b[j..]; walked forwards to list the matched pairs.
    const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
    for (let i = a.length - 1; i >= 0; i--) {
      const row = lengths[i] as Uint32Array;
      const below = lengths[i + 1] as Uint32Array;
      for (let j = b.length - 1; j >= 0; j--) {
        row[j] = a[i] === b[j] ? (below[j + 1] as number) + 1 : Math.max(below[j] as number, row[j + 1] as number);
      }
    }
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      if (a[i] === b[j]) {
        pairs.push([head + i, head + j]);
        i++;
        j++;
      } else if ((lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0)) i++;
      else j++;
    }
  }
  for (let k = 0; k < tail; k++) pairs.push([before.length - tail + k, after.length - tail + k]);
  return pairs;
}

/**
 * The segment with its text replaced by `text`: unchanged words keep their times (and speaker), changed and
 * inserted words get times interpolated between their unchanged neighbours, inside the segment's start and end.
 */
export function retimeSegment(segment: Segment, text: string): Segment {
  const withoutSpaces = joinsWithoutSpaces(segment);
  const old = wordsOf(segment);
  const tokens = tokenize(text, withoutSpaces);
  const pairs = matchTokens(
    old.map((w) => w.word.trim()),
    tokens,
  );
  const kept = new Map(pairs.map(([o, n]) => [n, old[o] as Word]));
  const words: Word[] = [];
  let n = 0;
  while (n < tokens.length) {
    const anchor = kept.get(n);
    if (anchor) {
      words.push(anchor);
      n++;
      continue;
    }
    // A run of new tokens: they share the time between the previous kept word and the next one.
    let stop = n;
    while (stop < tokens.length && !kept.has(stop)) stop++;
    const from = words.length > 0 ? (words[words.length - 1] as Word).end : segment.start;
    const next = kept.get(stop);
    const to = Math.max(from, next ? next.start : segment.end);
    // Kept words may lie a little outside their segment (recognisers do that); new ones stay inside it.
    words.push(...spread(tokens.slice(n, stop), from, to, segment.speaker).map((w) => clampWord(w, segment)));
    n = stop;
  }
  return coverWords({ ...segment, text: joinTokens(tokens, withoutSpaces), words });
}

/**
 * The segment widened, where needed, to hold all its words: recognisers leave some words a little outside their
 * segment, and an edited segment must contain its words (the server checks), without moving any word.
 */
export function coverWords(segment: Segment): Segment {
  const words = segment.words ?? [];
  if (words.length === 0) return segment;
  const start = Math.min(segment.start, ...words.map((w) => w.start));
  const end = Math.max(segment.end, ...words.map((w) => w.end));
  return start === segment.start && end === segment.end ? segment : { ...segment, start, end };
}

function clampWord(word: Word, { start: from, end: to }: Segment): Word {
  const start = Math.min(Math.max(word.start, from), to);
  const end = Math.min(Math.max(word.end, start), to);
  return { ...word, start, end };
}

/** Index of the word playing at `time`: the last word that started at or before it, -1 before the first. */
export function activeWordIndex(words: Word[], time: number): number {
  let found = -1;
  for (let i = 0; i < words.length; i++) {
    if ((words[i] as Word).start <= time + 0.02) found = i;
    else break;
  }
  return found;
}

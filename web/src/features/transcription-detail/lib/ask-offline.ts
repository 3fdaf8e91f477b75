import { ASK_HITS, type AskPassage, contentWords } from "@verbatim/shared/ask";
import { indexedText, tokensOf } from "@verbatim/shared/search-text";
import type { TimedLine } from "./timed-lines";

// Offline, "Ask this meeting" answers from the device library's copy of the transcript: the lines holding most of
// the question's content words (the server's rule, shared/src/ask.ts), each with its neighbours, quoted. A word of
// three letters or more also matches its longer forms, as the server's prefix query does.

/** How many of the words a line holds; a longer line needs more to rank as high (bm25's length rule, roughly). */
function score(line: TimedLine, words: string[]): number {
  const tokens = tokensOf(indexedText(line.text)).map((t) => t.token);
  const joined = ` ${tokens.join(" ")} `;
  const found = words.filter((w) =>
    w.includes("\u200B")
      ? joined.includes(` ${w.replaceAll("\u200B", " ")} `)
      : tokens.some((t) => (w.length >= 3 ? t.startsWith(w) : t === w)),
  ).length;
  return found === 0 ? 0 : found - tokens.length / 1000;
}

/** The passages answering `question` among the timed lines, in the recording's order; empty when none matches. */
export function offlinePassages(lines: TimedLine[], question: string): AskPassage[] {
  const words = contentWords(question);
  const timed = lines.filter((l) => l.start !== null);
  if (words.length === 0) return [];
  const hits = timed
    .map((line, index) => ({ index, score: score(line, words) }))
    .filter((h) => h.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, ASK_HITS)
    .map((h) => h.index);
  const hitSet = new Set(hits);
  const shown = new Set(hits.flatMap((i) => [i - 1, i, i + 1]).filter((i) => i >= 0 && i < timed.length));
  return [...shown]
    .sort((a, b) => a - b)
    .map((i) => {
      const line = timed[i] as TimedLine;
      return { start: Math.floor(line.start ?? 0), speaker: line.speaker, text: line.text, hit: hitSet.has(i) };
    });
}

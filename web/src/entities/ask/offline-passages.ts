import { ASK_HITS, type AskPassage, contentWords } from "@verbatim/shared/ask";
import { indexedText, searchEntries, tokensOf } from "@verbatim/shared/search-text";

// Offline, a question is answered from the device library's copies: the lines holding most of the question's
// content words (the server's rule, shared/src/ask.ts), each with its neighbours, quoted. A word of three letters
// or more also matches its longer forms, as the server's prefix query does.

/** A line a question may be answered from. */
export interface AskLine {
  start: number | null;
  speaker: string | null;
  text: string;
}

/** How many of the words a line holds; a longer line needs more to rank as high (bm25's length rule, roughly). */
function score(line: AskLine, words: string[]): number {
  const tokens = tokensOf(indexedText(line.text)).map((t) => t.token);
  const joined = ` ${tokens.join(" ")} `;
  const found = words.filter((w) =>
    w.includes("\u200B")
      ? joined.includes(` ${w.replaceAll("\u200B", " ")} `)
      : tokens.some((t) => (w.length >= 3 ? t.startsWith(w) : t === w)),
  ).length;
  return found === 0 ? 0 : found - tokens.length / 1000;
}

interface Meeting {
  id: string;
  title: string;
  lines: AskLine[];
}

/**
 * The passages answering `question` among meetings' timed lines: the best lines overall with their neighbours,
 * grouped by meeting (the one with the best line first), each in the recording's order. A single meeting's
 * passages name no meeting (`named` false).
 */
function passagesOf(meetings: Meeting[], question: string, named: boolean): AskPassage[] {
  const words = contentWords(question);
  if (words.length === 0) return [];
  const timed = meetings.map((m) => ({ ...m, lines: m.lines.filter((l) => l.start !== null) }));
  const hits = timed
    .flatMap((m, meeting) => m.lines.map((line, index) => ({ meeting, index, score: score(line, words) })))
    .filter((h) => h.score > 0)
    .sort((a, b) => b.score - a.score || a.meeting - b.meeting || a.index - b.index)
    .slice(0, ASK_HITS);
  const order = [...new Set(hits.map((h) => h.meeting))];
  return order.flatMap((meeting) => {
    const { id, title, lines } = timed[meeting] as Meeting;
    const hitSet = new Set(hits.filter((h) => h.meeting === meeting).map((h) => h.index));
    const shown = new Set([...hitSet].flatMap((i) => [i - 1, i, i + 1]).filter((i) => i >= 0 && i < lines.length));
    return [...shown]
      .sort((a, b) => a - b)
      .map((i) => {
        const line = lines[i] as AskLine;
        const passage = {
          start: Math.floor(line.start ?? 0),
          speaker: line.speaker,
          text: line.text,
          hit: hitSet.has(i),
        };
        return named ? { ...passage, meeting: { id, title } } : passage;
      });
  });
}

/** The passages of one transcript's lines answering `question`; empty when none matches. */
export const offlinePassages = (lines: AskLine[], question: string) =>
  passagesOf([{ id: "", title: "", lines }], question, false);

/** A transcription as the device library keeps it: what its lines are read from. */
export interface LibraryCopy {
  id: string;
  name: string | null;
  file_name: string;
  text: string | null;
  diarize?: boolean | null;
}

/** The passages of a library's copies answering `question`, each naming its transcription. */
export function offlineLibraryPassages(copies: LibraryCopy[], question: string): AskPassage[] {
  const meetings = copies.map((c) => ({
    id: c.id,
    title: c.name || c.file_name,
    lines: searchEntries({ name: c.name, file_name: c.file_name, text: c.text, summary: null, diarized: !!c.diarize })
      .filter((e) => e.field === "transcript")
      .map((e) => ({ start: e.start, speaker: e.speaker, text: e.body })),
  }));
  return passagesOf(meetings, question, true);
}

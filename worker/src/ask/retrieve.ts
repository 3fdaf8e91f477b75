import { ASK_HITS, type AskPassage, contentWords } from "@verbatim/shared/ask";
import { SEPARATOR, shownText } from "@verbatim/shared/search-text";
import type { Db } from "../db/client";

// The lines of one transcription an answer is written from, found by the search index (search_entries and its
// FTS5 table, docs/architecture/search-and-sync.md): any of the question's content words, best first by bm25,
// so a line with more of them ranks higher. Each hit comes with the line before and after it as context.

/** An FTS5 query matching any content word; each word is a quoted phrase (nothing typed is query syntax). */
export function anyWordQuery(question: string): string | null {
  const words = contentWords(question);
  if (words.length === 0) return null;
  // A word of three letters or more also matches its longer forms ("start" finds "starts", "started").
  return words.map((w) => `"${w.replaceAll(SEPARATOR, " ")}"${w.length >= 3 ? "*" : ""}`).join(" OR ");
}

interface Line {
  id: number;
  start: number | null;
  speaker: string | null;
  body: string;
}

/** The best lines for the question with their neighbours, in the recording's order; empty when none matches. */
export async function retrievePassages(db: Db, transcriptionId: string, question: string): Promise<AskPassage[]> {
  const match = anyWordQuery(question);
  if (!match) return [];
  const d1 = db.$client;
  const { results: hits } = await d1
    .prepare(
      `SELECT e.id FROM search_fts JOIN search_entries e ON e.id = search_fts.rowid
       WHERE search_fts MATCH ?1 AND e.transcription_id = ?2 AND e.field = 'transcript'
       ORDER BY bm25(search_fts), e.id LIMIT ?3`,
    )
    .bind(match, transcriptionId, ASK_HITS)
    .all<{ id: number }>();
  if (hits.length === 0) return [];
  const hitIds = new Set(hits.map((h) => h.id));
  // A transcription's lines are inserted in one statement in their order (store/search-index.ts), so the lines
  // beside a hit are the ids beside it.
  const wanted = [...hitIds].flatMap((id) => [id - 1, id, id + 1]);
  const { results: lines } = await d1
    .prepare(
      `SELECT id, start, speaker, body FROM search_entries
       WHERE transcription_id = ?1 AND field = 'transcript' AND id IN (SELECT value FROM json_each(?2))
       ORDER BY id`,
    )
    .bind(transcriptionId, JSON.stringify([...new Set(wanted)]))
    .all<Line>();
  return lines.map((l) => ({
    start: l.start ?? 0,
    speaker: l.speaker,
    text: shownText(l.body),
    hit: hitIds.has(l.id),
  }));
}

import { ASK_HITS, type AskPassage, contentWords } from "@verbatim/shared/ask";
import { SEPARATOR, shownText } from "@verbatim/shared/search-text";
import type { Db } from "../db/client";
import { entryInSpace } from "../store/space-sql";
import type { Space } from "../store/transcriptions";

// The lines an answer is written from, found by the search index (search_entries and its FTS5 table,
// docs/architecture/search-and-sync.md): any of the question's content words, best first by bm25, so a line with
// more of them ranks higher. Each hit comes with the line before and after it as context. One transcription's lines
// ("Ask this meeting"), or those of every transcription of a space ("Ask my library").

/** An FTS5 query matching any content word; each word is a quoted phrase (nothing typed is query syntax). */
export function anyWordQuery(question: string): string | null {
  const words = contentWords(question);
  if (words.length === 0) return null;
  // A word of three letters or more also matches its longer forms ("start" finds "starts", "started").
  return words.map((w) => `"${w.replaceAll(SEPARATOR, " ")}"${w.length >= 3 ? "*" : ""}`).join(" OR ");
}

interface Hit {
  id: number;
  transcription_id: string;
}

interface Line extends Hit {
  start: number | null;
  speaker: string | null;
  body: string;
  title: string;
}

/**
 * The hits with the lines beside them, each transcription's in the recording's order. A transcription's lines are
 * inserted in one statement in their order (store/search-index.ts), so the lines beside a hit are the ids beside
 * it, when they belong to the same transcription.
 */
async function withContext(db: Db, hits: Hit[]): Promise<Line[]> {
  if (hits.length === 0) return [];
  const hitOf = new Map(hits.map((h) => [h.id, h.transcription_id]));
  const wanted = new Set(hits.flatMap((h) => [h.id - 1, h.id, h.id + 1]));
  const { results } = await db.$client
    .prepare(
      `SELECT e.id, e.transcription_id, e.start, e.speaker, e.body, coalesce(nullif(t.name, ''), t.file_name) AS title
       FROM search_entries e JOIN transcriptions t ON t.id = e.transcription_id
       WHERE e.field = 'transcript' AND e.id IN (SELECT value FROM json_each(?1))
       ORDER BY e.id`,
    )
    .bind(JSON.stringify([...wanted]))
    .all<Line>();
  return results.filter(
    (l) => hitOf.has(l.id) || hitOf.get(l.id - 1) === l.transcription_id || hitOf.get(l.id + 1) === l.transcription_id,
  );
}

const passageOf = (line: Line, hitIds: Set<number>): AskPassage => ({
  start: line.start ?? 0,
  speaker: line.speaker,
  text: shownText(line.body),
  hit: hitIds.has(line.id),
});

/** The best lines of one transcription for the question with their neighbours; empty when none matches. */
export async function retrievePassages(db: Db, transcriptionId: string, question: string): Promise<AskPassage[]> {
  const match = anyWordQuery(question);
  if (!match) return [];
  const { results: hits } = await db.$client
    .prepare(
      `SELECT e.id, e.transcription_id FROM search_fts JOIN search_entries e ON e.id = search_fts.rowid
       WHERE search_fts MATCH ?1 AND e.transcription_id = ?2 AND e.field = 'transcript'
       ORDER BY bm25(search_fts), e.id LIMIT ?3`,
    )
    .bind(match, transcriptionId, ASK_HITS)
    .all<Hit>();
  const hitIds = new Set(hits.map((h) => h.id));
  return (await withContext(db, hits)).map((l) => passageOf(l, hitIds));
}

/**
 * The best lines for the question across the space's transcriptions, each naming its transcription: grouped by
 * transcription, the one with the best line first, and in the recording's order within each. Only the space's
 * entries are matched (the policy decided who may read the space).
 */
export async function retrieveLibraryPassages(db: Db, space: Space, question: string): Promise<AskPassage[]> {
  const match = anyWordQuery(question);
  if (!match) return [];
  const { results: hits } = await db.$client
    .prepare(
      `SELECT e.id, e.transcription_id FROM search_fts JOIN search_entries e ON e.id = search_fts.rowid
       WHERE search_fts MATCH ?1 AND e.field = 'transcript' AND ${entryInSpace(space)}
       ORDER BY bm25(search_fts), e.id LIMIT ?3`,
    )
    .bind(match, space.userId, ASK_HITS, null, space.workspaceId)
    .all<Hit>();
  const hitIds = new Set(hits.map((h) => h.id));
  const rank = new Map<string, number>();
  for (const h of hits) if (!rank.has(h.transcription_id)) rank.set(h.transcription_id, rank.size);
  const lines = await withContext(db, hits);
  return lines
    .sort((a, b) => (rank.get(a.transcription_id) ?? 0) - (rank.get(b.transcription_id) ?? 0) || a.id - b.id)
    .map((l) => ({ ...passageOf(l, hitIds), meeting: { id: l.transcription_id, title: shownText(l.title) } }));
}

import {
  SEARCH_HITS_PER_RESULT,
  type SearchPage,
  type SearchQuery,
  type SearchResult,
  SNIPPET_WORDS,
} from "@verbatim/shared";
import { shownText } from "@verbatim/shared/search-text";
import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import { entryInSpace, rowInSpace } from "../store/space-sql";
import type { Space } from "../store/transcriptions";
import { ftsQuery, MATCH_CLOSE, MATCH_OPEN, snippetParts } from "./tokens";

interface HitRow {
  entry_id: number;
  transcription_id: string;
  field: SearchResult["hits"][number]["field"];
  start: number | null;
  speaker: string | null;
  score: number;
  hit_count: number;
  total: number;
  title: string;
  status: SearchResult["status"];
  created_at: string;
}

/**
 * The space's transcriptions that contain every word, best first by bm25. A transcription ranks by its best
 * hit (a title, summary or transcript line) and brings its three best hits. Only the space's entries are
 * matched, and only rows that still exist are answered.
 */
export async function search(db: Db, space: Space, query: SearchQuery): Promise<SearchPage> {
  const match = ftsQuery(query.q);
  if (!match) throw new ApiError(400, "Type a word to search for");
  const d1 = db.$client;
  const { results: rows } = await d1
    .prepare(
      `WITH hits AS (
         SELECT e.id AS entry_id, e.transcription_id, e.field, e.start, e.speaker, bm25(search_fts) AS score
         FROM search_fts JOIN search_entries e ON e.id = search_fts.rowid
         WHERE search_fts MATCH ?1 AND ${entryInSpace(space)}
       ), ranked AS (
         SELECT *, row_number() OVER (PARTITION BY transcription_id ORDER BY score, start) AS n,
                min(score) OVER (PARTITION BY transcription_id) AS best,
                count(*) OVER (PARTITION BY transcription_id) AS hit_count
         FROM hits
       ), placed AS (
         SELECT *, dense_rank() OVER (ORDER BY best, transcription_id) AS place FROM ranked WHERE n <= ${SEARCH_HITS_PER_RESULT}
       ), counted AS (
         SELECT *, max(place) OVER () AS total FROM placed
       )
       SELECT p.entry_id, p.transcription_id, p.field, p.start, p.speaker, p.best AS score, p.hit_count, p.total,
              coalesce(nullif(t.name, ''), t.file_name) AS title, t.status, t.created_at
       FROM counted p JOIN transcriptions t ON t.id = p.transcription_id AND ${rowInSpace(space, "t")}
       WHERE p.place > ?3 AND p.place <= ?3 + ?4
       ORDER BY p.place, p.n`,
    )
    .bind(match, space.userId, query.offset, query.limit, space.workspaceId)
    .all<HitRow>();
  const page = grouped(rows);
  const snippets = await snippetsOf(
    db,
    match,
    page.flatMap((r) => r.entry_ids),
  );
  return {
    query: query.q,
    // A page past the last one has no row to carry the count: ask for it alone.
    total: rows[0]?.total ?? (query.offset > 0 ? await countMatches(db, match, space) : 0),
    results: page.map((r) => ({
      ...r.result,
      hits: r.result.hits.map((h, i) => ({ ...h, snippet: snippetParts(snippets.get(r.entry_ids[i] ?? -1) ?? "") })),
    })),
  };
}

/** Groups the ordered hit rows into results, one per transcription. */
function grouped(rows: HitRow[]) {
  const results: { result: SearchResult; entry_ids: number[] }[] = [];
  for (const row of rows) {
    let current = results.at(-1);
    if (current?.result.id !== row.transcription_id) {
      current = {
        result: {
          id: row.transcription_id,
          title: shownText(row.title),
          status: row.status,
          created_at: row.created_at,
          score: row.score,
          hitCount: row.hit_count,
          hits: [],
        },
        entry_ids: [],
      };
      results.push(current);
    }
    current.result.hits.push({ field: row.field, start: row.start, speaker: row.speaker, snippet: [] });
    current.entry_ids.push(row.entry_id);
  }
  return results;
}

async function countMatches(db: Db, match: string, space: Space) {
  const row = await db.$client
    .prepare(
      `SELECT count(DISTINCT e.transcription_id) AS n FROM search_fts JOIN search_entries e ON e.id = search_fts.rowid
       WHERE search_fts MATCH ?1 AND ${entryInSpace(space)}`,
    )
    .bind(match, space.userId, null, null, space.workspaceId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Highlighted snippets, made only for the hits a page shows. */
async function snippetsOf(db: Db, match: string, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const { results } = await db.$client
    .prepare(
      `SELECT rowid AS id, snippet(search_fts, 0, ?2, ?3, '…', ${SNIPPET_WORDS}) AS snippet FROM search_fts
       WHERE search_fts MATCH ?1 AND rowid IN (SELECT value FROM json_each(?4))`,
    )
    .bind(match, MATCH_OPEN, MATCH_CLOSE, JSON.stringify(ids))
    .all<{ id: number; snippet: string }>();
  return new Map(results.map((r) => [r.id, r.snippet]));
}

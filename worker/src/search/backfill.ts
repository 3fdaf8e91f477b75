import type { Db } from "../db/client";
import { reindexTranscription } from "../store/search-index";

/** Transcriptions indexed per hourly run: a few seconds of D1 work, whatever the size of the backlog. */
const PER_RUN = 500;

/**
 * Indexes transcriptions that have no search entries at all (every indexed one has at least its title):
 * those made before search existed (migration 0007), or whose indexing failed after their row was written.
 * Runs on the hourly trigger; answers how many it indexed.
 */
export async function indexMissing(db: Db, limit = PER_RUN) {
  const { results } = await db.$client
    .prepare(
      `SELECT id FROM transcriptions t
       WHERE NOT EXISTS (SELECT 1 FROM search_entries e WHERE e.transcription_id = t.id) LIMIT ?`,
    )
    .bind(limit)
    .all<{ id: string }>();
  for (const { id } of results) await reindexTranscription(db, id);
  return results.length;
}

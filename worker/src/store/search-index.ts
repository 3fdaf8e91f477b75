import { indexedText, searchEntries } from "@verbatim/shared/search-text";
import type { Db } from "../db/client";

// Keeps a transcription's search entries (search_entries, indexed by FTS5 through triggers) equal to what its
// D1 row says now: the title, the summary, and each `[mm:ss] Speaker: sentence` line of `text`. Every place
// that changes a name, text or summary calls reindexTranscription afterwards; deletion needs no call (the
// entries cascade with the row, and a trigger takes them out of the index).

interface Row {
  user_id: string;
  name: string | null;
  file_name: string;
  text: string | null;
  summary: string | null;
  diarize: number;
  scope: string;
  seq: number | null;
}

/**
 * Rewrites the search entries of one transcription from its row, and announces it to sync once more. Call it
 * when a change is complete, after the timed transcript is in R2 too: a device that synced between the D1
 * update and the R2 write got the old transcript, and this second change in the sync log sends it the new one.
 * Guarded by the row's place in the sync log (which every change of name, text or summary moves): when two
 * calls race, the one that read an older row writes nothing, so the index never goes back to an old text. A
 * deleted row's entries are already gone.
 */
export async function reindexTranscription(db: Db, id: string) {
  const d1 = db.$client;
  const row = await d1
    .prepare(
      `WITH t AS (
         SELECT *, CASE WHEN workspace_id IS NULL THEN 'user:' || user_id ELSE 'team:' || workspace_id END AS scope
         FROM transcriptions WHERE id = ?
       )
       SELECT t.user_id, t.name, t.file_name, t.text, t.summary, t.diarize, t.scope, c.seq
       FROM t LEFT JOIN sync_changes c ON c.transcription_id = t.id AND c.scope = t.scope`,
    )
    .bind(id)
    .first<Row>();
  if (!row) return;
  const entries = searchEntries({ ...row, diarized: row.diarize === 1 }).map((e) => [
    e.field,
    e.start,
    e.speaker,
    indexedText(e.body),
  ]);
  // ?5: the space's feed the row is in now (migration 0018); its place there is what every change moves.
  const unchanged = "(SELECT seq FROM sync_changes WHERE transcription_id = ?1 AND scope = ?5) IS ?2";
  await d1.batch([
    d1
      .prepare(`DELETE FROM search_entries WHERE transcription_id = ?1 AND ${unchanged}`)
      .bind(id, row.seq, null, null, row.scope),
    // One statement for every line: the entries travel as one JSON parameter (D1 binds at most 100 values).
    d1
      .prepare(
        `INSERT INTO search_entries (transcription_id, user_id, field, start, speaker, body)
         SELECT ?1, ?3, e.value ->> 0, e.value ->> 1, e.value ->> 2, e.value ->> 3 FROM json_each(?4) e
         WHERE ${unchanged}`,
      )
      .bind(id, row.seq, row.user_id, JSON.stringify(entries), row.scope),
    d1
      .prepare(
        `INSERT OR REPLACE INTO sync_changes (user_id, scope, transcription_id, deleted)
         SELECT ?3, ?5, ?1, 0 WHERE ${unchanged}`,
      )
      .bind(id, row.seq, row.user_id, null, row.scope),
  ]);
}

import { type SyncChange, type SyncPage, type SyncQuery, transcriptDocSchema } from "@verbatim/shared";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client";
import { syncChanges, type TranscriptionRow, transcriptions } from "../db/schema";
import type { Bindings } from "../env";
import { transcriptDocKey } from "../transcriptions/keys";
import { toTranscription } from "../transcriptions/serialize";

/** A page stops growing past about this many bytes of JSON (the one change that crosses it is still sent). */
const PAGE_BYTES = 4_000_000;

/**
 * The caller's changes after `since`, oldest first. sync_changes holds one row per transcription with the seq
 * of its latest change (triggers, migration 0007), so a transcription changed three times since the cursor is
 * sent once, as it is now; a deleted one is sent as a tombstone. The cursor is the seq of the last change
 * sent: a change made after this page was read gets a higher seq, so the next call sends it.
 */
export async function changesSince(env: Bindings, db: Db, userId: string, query: SyncQuery): Promise<SyncPage> {
  const since = Number(query.since);
  const rows = await db
    .select({
      seq: syncChanges.seq,
      id: syncChanges.transcriptionId,
      deleted: syncChanges.deleted,
      row: transcriptions,
    })
    .from(syncChanges)
    .leftJoin(transcriptions, eq(transcriptions.id, syncChanges.transcriptionId))
    .where(and(eq(syncChanges.userId, userId), gt(syncChanges.seq, since)))
    .orderBy(asc(syncChanges.seq))
    .limit(query.limit + 1);

  const changes: SyncChange[] = [];
  let cursor = since;
  let bytes = 0;
  for (const { seq, id, deleted, row } of rows.slice(0, query.limit)) {
    if (bytes >= PAGE_BYTES) break;
    const change: SyncChange =
      deleted || !row ? { type: "delete", id } : { type: "upsert", id, ...(await current(env, row)) };
    bytes += JSON.stringify(change).length;
    changes.push(change);
    cursor = seq;
  }
  return { changes, cursor: String(cursor), hasMore: changes.length < rows.length };
}

async function current(env: Bindings, row: TranscriptionRow) {
  const obj = row.text === null ? null : await env.MEDIA.get(transcriptDocKey(row.userId, row.id));
  return { transcription: toTranscription(row), transcript: obj ? transcriptDocSchema.parse(await obj.json()) : null };
}

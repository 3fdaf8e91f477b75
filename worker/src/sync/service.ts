import type { SyncChange, SyncPage, SyncQuery, TranscriptDoc } from "@verbatim/shared";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client";
import { syncChanges, type TranscriptionRow, transcriptions } from "../db/schema";
import type { Bindings } from "../env";
import { transcriptDocKey } from "../store/keys";
import type { Space } from "../store/transcriptions";
import { toTranscription } from "../transcriptions";

/**
 * A page stops growing past about this many bytes of JSON (the change that crosses it is still sent): pages
 * stay quick to send and small in the Worker's memory however long the recordings are.
 */
const PAGE_BYTES = 2_000_000;

/** A space's feed in sync_changes, as the triggers of migration 0018 name it. */
const scopeOf = ({ userId, workspaceId }: Space) => (workspaceId === null ? `user:${userId}` : `team:${workspaceId}`);

/**
 * The space's changes after `since`, oldest first. sync_changes holds one row per transcription with the seq
 * of its latest change (triggers, migration 0007), so a transcription changed three times since the cursor is
 * sent once, as it is now; a deleted one is sent as a tombstone. The cursor is the seq of the last change
 * sent: a change made after this page was read gets a higher seq, so the next call sends it.
 */
export async function changesSince(env: Bindings, db: Db, space: Space, query: SyncQuery): Promise<SyncPage> {
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
    .where(and(eq(syncChanges.scope, scopeOf(space)), gt(syncChanges.seq, since)))
    .orderBy(asc(syncChanges.seq))
    .limit(query.limit + 1);

  // The transcripts are read together; the page then keeps changes in order until it is full.
  const page = rows.slice(0, query.limit);
  const stored = await Promise.all(
    page.map(({ deleted, row }) => (deleted || !row ? null : storedTranscript(env, row))),
  );
  const changes: SyncChange[] = [];
  let cursor = since;
  let bytes = 0;
  for (const [i, { seq, id, row }] of page.entries()) {
    if (bytes >= PAGE_BYTES) break;
    const transcript = stored[i];
    if (!row || !transcript) changes.push({ type: "delete", id });
    else {
      changes.push({ type: "upsert", id, transcription: toTranscription(row), transcript: transcript.doc });
      bytes += transcript.size + (row.text?.length ?? 0) * 2 + (row.formattedTranscript?.length ?? 0);
    }
    cursor = seq;
  }
  return { changes, cursor: String(cursor), hasMore: changes.length < rows.length };
}

/**
 * The stored timed transcript as written (only the Worker writes it, through the shared schema). It is not
 * parsed with zod again here: for a page of long transcripts that took seconds.
 */
async function storedTranscript(env: Bindings, row: TranscriptionRow) {
  const obj = row.text === null ? null : await env.MEDIA.get(transcriptDocKey(row.userId, row.id));
  return obj ? { doc: (await obj.json()) as TranscriptDoc, size: obj.size } : { doc: null, size: 0 };
}

import { ACTIVE_STATUSES } from "@verbatim/shared";
import { and, eq, inArray, isNotNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { transcriptionChunks, transcriptions } from "../db/schema";
import type { Bindings } from "../env";
import { queueEmail } from "../mail";
import { queuePush } from "../push";
import {
  CHUNK_EVENTS,
  type ChunkEvent,
  TRANSCRIPTION_EVENTS,
  type TranscriptionEvent,
  UNFINISHED_CHUNK_STATUSES,
} from "../rules/job-state";
import { appendLog } from "../store/transcriptions";
import { announce, FINISHED } from "../webhooks";

// The state machine (state.ts) applied to D1. Each move is one guarded UPDATE (… WHERE status IN the event's
// sources), so two jobs racing on the same row cannot both move it, and a stale message moves nothing.

type TranscriptionValues = Omit<Partial<typeof transcriptions.$inferInsert>, "status">;
type ChunkValues = Omit<Partial<typeof transcriptionChunks.$inferInsert>, "status">;

/** Moves a transcription by `event` (with other columns set alongside); false when its status does not allow it. */
export async function moveTranscription(
  db: Db,
  id: string,
  event: TranscriptionEvent,
  values: TranscriptionValues = {},
) {
  const { from, to } = TRANSCRIPTION_EVENTS[event];
  const moved = await db
    .update(transcriptions)
    .set({ ...values, status: to })
    .where(and(eq(transcriptions.id, id), inArray(transcriptions.status, [...from])))
    .returning({ id: transcriptions.id });
  return moved.length > 0;
}

/**
 * Ends a job for good, with a reason a user can act on (it stays retryable through Reprocess). The first failure of
 * a run tells the user (notifyFinished); a second chunk failing the same run does not tell them again.
 */
export async function failTranscription(env: Pick<Bindings, "JOBS">, db: Db, id: string, reason: string) {
  const before = await db.query.transcriptions.findFirst({
    columns: { userId: true, status: true },
    where: eq(transcriptions.id, id),
  });
  if (await moveTranscription(db, id, "fail", { errorMessage: reason, leaseUntil: null })) {
    await appendLog(db, id, `Failed: ${reason}`, "error");
    if (before && before.status !== "FAILED") await notifyFinished(env, before.userId, id);
  }
}

/**
 * A run ended (completed or failed): the "Transcription complete or failed" e-mail and the browser notification,
 * each if the user wants it.
 */
export async function notifyFinished(env: Pick<Bindings, "JOBS">, userId: string, transcriptionId: string) {
  await queueEmail(env, { kind: "transcription", userId, transcriptionId });
  await queuePush(env, userId, transcriptionId);
  await announce(env, userId, transcriptionId, FINISHED);
}

const chunkWhere = (transcriptionId: string, idx: number) =>
  and(eq(transcriptionChunks.transcriptionId, transcriptionId), eq(transcriptionChunks.idx, idx));

/** Moves one chunk by `event`; false when its status does not allow it. */
export async function moveChunk(
  db: Db,
  transcriptionId: string,
  idx: number,
  event: ChunkEvent,
  values: ChunkValues = {},
) {
  const { from, to } = CHUNK_EVENTS[event];
  const moved = await db
    .update(transcriptionChunks)
    .set({ ...values, status: to })
    .where(and(chunkWhere(transcriptionId, idx), inArray(transcriptionChunks.status, [...from])))
    .returning({ idx: transcriptionChunks.idx });
  return moved.length > 0;
}

/** Renews a running chunk's lease (its heartbeat); the status stays. */
export function renewChunkLease(db: Db, transcriptionId: string, idx: number, leaseUntil: number) {
  return db.update(transcriptionChunks).set({ leaseUntil }).where(chunkWhere(transcriptionId, idx));
}

/** Every chunk back to PENDING with no attempts: a new run of the whole recording. */
export function resetChunks(db: Db, transcriptionId: string) {
  return db
    .update(transcriptionChunks)
    .set({ status: CHUNK_EVENTS.reset.to, attempts: 0, error: null })
    .where(eq(transcriptionChunks.transcriptionId, transcriptionId));
}

/** Unfinished chunks of active transcriptions whose lease ran out (or was never taken). */
export function findStalledChunks(db: Db, now: number) {
  return db
    .select({ transcriptionId: transcriptionChunks.transcriptionId, idx: transcriptionChunks.idx })
    .from(transcriptionChunks)
    .innerJoin(transcriptions, eq(transcriptions.id, transcriptionChunks.transcriptionId))
    .where(
      and(
        inArray(transcriptions.status, [...ACTIVE_STATUSES]),
        inArray(transcriptionChunks.status, [...UNFINISHED_CHUNK_STATUSES]),
        or(lt(transcriptionChunks.leaseUntil, now), eq(transcriptionChunks.leaseUntil, 0)),
      ),
    )
    .limit(100);
}

/** Active transcriptions whose step lease (join, analysis) ran out. */
export function findStalledSteps(db: Db, now: number) {
  return db
    .select({ id: transcriptions.id, source: transcriptions.source, chunksExpected: transcriptions.chunksExpected })
    .from(transcriptions)
    .where(
      and(
        inArray(transcriptions.status, [...ACTIVE_STATUSES]),
        isNotNull(transcriptions.leaseUntil),
        lt(transcriptions.leaseUntil, now),
      ),
    )
    .limit(100);
}

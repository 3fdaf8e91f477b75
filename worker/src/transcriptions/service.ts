import { isActive, type reprocessSchema, type Trace } from "@verbatim/shared";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { transcriptions } from "../db/schema";
import type { Bindings } from "../env";
import { ApiError } from "../http/errors";
import { CHANGED_ELSEWHERE, requireMatch } from "../http/preconditions";
import { enqueueChunk, enqueueStep, moveTranscription, resetChunks } from "../jobs";
import { authorize } from "../store/access";
import { deletePrefix, transcriptionPrefix } from "../store/keys";
import { reindexTranscription } from "../store/search-index";
import { appendLog, getById, listChunks, listLogs, updateTranscription } from "../store/transcriptions";
import { startTranscriptRun } from "../transcript-doc";
import { speakerChoice } from "./speaker-options";

/** The row as it is after a change the caller was already allowed to make. */
async function current(db: Db, id: string) {
  const row = await getById(db, id);
  if (!row) throw new ApiError(404, "Transcription not found");
  return row;
}

const ALREADY_RUNNING = "This transcription is already being processed";

/** The row as it is now, unchanged since the version `ifMatch` names (null: any version). */
const unchangedSince = (id: string, updatedAt: string, ifMatch: string | null) =>
  ifMatch === null
    ? eq(transcriptions.id, id)
    : and(eq(transcriptions.id, id), eq(transcriptions.updatedAt, updatedAt));

/** Renames; with If-Match, only if the row is still at that version (else 412), checked in the UPDATE itself. */
export async function rename(db: Db, userId: string, id: string, name: string, ifMatch: string | null = null) {
  const t = await authorize(db, userId, id, "edit");
  requireMatch(ifMatch, t.updatedAt);
  const done = await db
    .update(transcriptions)
    .set({ name })
    .where(unchangedSince(id, t.updatedAt, ifMatch))
    .returning({ id: transcriptions.id });
  if (done.length === 0) throw new ApiError(412, CHANGED_ELSEWHERE);
  await reindexTranscription(db, id);
  return current(db, id);
}

/**
 * Deletes the row (logs and chunks cascade) and every object under the transcription's prefix in R2; with
 * If-Match, only if the row is still at that version (else 412). Returns the row as it was.
 */
export async function remove(env: Bindings, db: Db, userId: string, id: string, ifMatch: string | null = null) {
  const t = await authorize(db, userId, id, "delete");
  requireMatch(ifMatch, t.updatedAt);
  const done = await db
    .delete(transcriptions)
    .where(unchangedSince(id, t.updatedAt, ifMatch))
    .returning({ id: transcriptions.id });
  if (done.length === 0) throw new ApiError(412, CHANGED_ELSEWHERE);
  await deletePrefix(env.MEDIA, transcriptionPrefix(t.userId, id));
  return t;
}

/**
 * Runs speech recognition again from the stored audio (a failed job is retried this way too). `edits` says
 * whether the user's edited transcript stays current once the new one arrives (transcript-doc/store.ts).
 */
export async function reprocess(
  env: Bindings,
  db: Db,
  userId: string,
  id: string,
  { edits, ...options }: z.output<typeof reprocessSchema> = { edits: "discard" },
) {
  const t = await authorize(db, userId, id, "edit");
  // Speaker recognition left out keeps the recording's earlier choice; turning it off forgets the count.
  const diarize = options.diarize ?? t.diarize;
  const speakers = speakerChoice({
    diarize,
    num_speakers: options.num_speakers !== undefined ? options.num_speakers : diarize ? t.numSpeakers : null,
  });
  if (isActive(t.status)) throw new ApiError(409, ALREADY_RUNNING);
  const chunks = await listChunks(db, id);
  if (chunks.length === 0) throw new ApiError(409, "No audio was uploaded for this transcription");
  // Guarded: of two reprocess requests at once, one runs and the other is told it is already running.
  if (
    !(await moveTranscription(db, id, "reprocess", { progressPercentage: 0, errorMessage: null, leaseUntil: null }))
  ) {
    throw new ApiError(409, ALREADY_RUNNING);
  }
  await updateTranscription(db, id, speakers);
  await startTranscriptRun(env, t, edits);
  await resetChunks(db, id);
  await appendLog(db, id, `Reprocessing requested${t.transcriptVersion > 1 ? ` (${edits} edits)` : ""}`);
  for (const c of chunks) await enqueueChunk(env, db, id, c.idx);
  return current(db, id);
}

/** Runs only the analysis again, keeping the transcript. */
export async function reanalyze(env: Bindings, db: Db, userId: string, id: string) {
  const t = await authorize(db, userId, id, "edit");
  if (isActive(t.status)) throw new ApiError(409, ALREADY_RUNNING);
  if (!t.text) throw new ApiError(409, "There is no transcript to analyse yet");
  if (!(await moveTranscription(db, id, "reanalyze", { progressPercentage: 92, errorMessage: null })))
    throw new ApiError(409, ALREADY_RUNNING);
  await appendLog(db, id, "Analysis requested");
  await enqueueStep(env, db, "analyze", id);
  return current(db, id);
}

const clock = (iso: string) => iso.slice(11, 19);

export async function trace(db: Db, userId: string, id: string): Promise<Trace> {
  const t = await authorize(db, userId, id, "read");
  const logs = await listLogs(db, id);
  return {
    transcription: { status: t.status, progressPercentage: t.progressPercentage, createdAt: t.createdAt },
    logs: logs.map(
      (l) => `[${clock(l.createdAt)}] ${l.level === "info" ? "" : `${l.level.toUpperCase()}: `}${l.message}`,
    ),
    hasText: !!t.text,
    textLength: t.text?.length ?? 0,
  };
}

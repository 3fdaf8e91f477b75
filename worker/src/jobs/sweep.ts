import { and, eq, inArray, isNotNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { transcriptionChunks, transcriptions } from "../db/schema";
import type { Bindings } from "../env";
import { appendLog, listChunks } from "../transcriptions/repository";
import { enqueueChunk, enqueueStep } from "./enqueue";

const ACTIVE = ["PENDING", "PROCESSING", "REPROCESSING"] as const;

/**
 * Resumes work whose lease ran out: a worker crashed or restarted mid-job, or a queued message was lost.
 * Runs from the cron trigger, and for one user whenever their list is read (so local runs without cron heal too).
 */
export async function resumeStalledJobs(env: Bindings, db: Db, userId?: string) {
  const now = Date.now();
  const owned = userId ? eq(transcriptions.userId, userId) : undefined;
  const stalledChunks = await db
    .select({ transcriptionId: transcriptionChunks.transcriptionId, idx: transcriptionChunks.idx })
    .from(transcriptionChunks)
    .innerJoin(transcriptions, eq(transcriptions.id, transcriptionChunks.transcriptionId))
    .where(
      and(
        inArray(transcriptions.status, [...ACTIVE]),
        inArray(transcriptionChunks.status, ["PENDING", "PROCESSING"]),
        or(lt(transcriptionChunks.leaseUntil, now), eq(transcriptionChunks.leaseUntil, 0)),
        owned,
      ),
    )
    .limit(100);
  for (const c of stalledChunks) {
    await db
      .update(transcriptionChunks)
      .set({ status: "PENDING" })
      .where(and(eq(transcriptionChunks.transcriptionId, c.transcriptionId), eq(transcriptionChunks.idx, c.idx)));
    await appendLog(db, c.transcriptionId, `Resuming part ${c.idx + 1} after an interruption`, "warn");
    await enqueueChunk(env, db, c.transcriptionId, c.idx);
  }

  // Transcribed but not stitched or analysed when the worker stopped.
  const stalledSteps = await db
    .select({ id: transcriptions.id, source: transcriptions.source, chunksExpected: transcriptions.chunksExpected })
    .from(transcriptions)
    .where(
      and(inArray(transcriptions.status, [...ACTIVE]), isNotNull(transcriptions.leaseUntil), lt(transcriptions.leaseUntil, now), owned),
    )
    .limit(100);
  for (const t of stalledSteps) {
    const chunks = await listChunks(db, t.id);
    const sealed = t.source === "file" || (t.chunksExpected !== null && chunks.length >= t.chunksExpected);
    if (sealed && chunks.length > 0 && chunks.every((c) => c.status === "DONE")) {
      await appendLog(db, t.id, "Resuming after an interruption", "warn");
      await enqueueStep(env, db, "stitch", t.id);
    }
  }
}

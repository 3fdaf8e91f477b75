import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { transcriptionChunks, transcriptions } from "../db/schema";
import type { Bindings } from "../env";
import { jobSettings } from "../rules/job-state";

// Every enqueue also sets a lease: if the message is lost (a local queue dies with its process, a worker is
// evicted), the lease runs out and the sweep enqueues the work again.

export async function enqueueChunk(env: Bindings, db: Db, transcriptionId: string, idx: number, delaySeconds = 0) {
  const leaseUntil = Date.now() + delaySeconds * 1000 + jobSettings(env).leaseMs;
  await db
    .update(transcriptionChunks)
    .set({ leaseUntil })
    .where(and(eq(transcriptionChunks.transcriptionId, transcriptionId), eq(transcriptionChunks.idx, idx)));
  await env.JOBS.send({ type: "transcribe-chunk", transcriptionId, idx }, delaySeconds ? { delaySeconds } : undefined);
}

/** Marks a transcription-level step (stitch, analyze) as in hand, so the sweep resumes it if it never ends. */
export async function holdLease(env: Bindings, db: Db, transcriptionId: string) {
  await db
    .update(transcriptions)
    .set({ leaseUntil: Date.now() + jobSettings(env).leaseMs })
    .where(eq(transcriptions.id, transcriptionId));
}

export async function enqueueStep(env: Bindings, db: Db, type: "stitch" | "analyze", transcriptionId: string) {
  await holdLease(env, db, transcriptionId);
  await env.JOBS.send({ type, transcriptionId });
}

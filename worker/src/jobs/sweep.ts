import type { Db } from "../db/client";
import type { Bindings } from "../env";
import { readyToJoin } from "../rules/job-state";
import { appendLog, listChunks } from "../store/transcriptions";
import { enqueueChunk, enqueueStep } from "./enqueue";
import { findStalledChunks, findStalledSteps, moveChunk } from "./state-repository";

/**
 * Resumes work whose lease ran out: a worker crashed or restarted mid-job, or a queued message was lost.
 * Runs from the every-minute cron trigger (locally: wrangler's /__scheduled, called by the start command).
 */
export async function resumeStalledJobs(env: Bindings, db: Db) {
  const now = Date.now();
  for (const c of await findStalledChunks(db, now)) {
    await moveChunk(db, c.transcriptionId, c.idx, "reset");
    await appendLog(db, c.transcriptionId, `Resuming part ${c.idx + 1} after an interruption`, "warn");
    await enqueueChunk(env, db, c.transcriptionId, c.idx);
  }

  // Transcribed but not joined or analysed when the worker stopped.
  for (const t of await findStalledSteps(db, now)) {
    if (readyToJoin(t, await listChunks(db, t.id))) {
      await appendLog(db, t.id, "Resuming after an interruption", "warn");
      await enqueueStep(env, db, "stitch", t.id);
    }
  }
}

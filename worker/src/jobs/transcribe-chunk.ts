import { ownedWrite } from "./orphans";
import { and, eq } from "drizzle-orm";
import { speechProvider } from "../asr";
import { SpeechError } from "../asr/types";
import type { Db } from "../db/client";
import { transcriptionChunks } from "../db/schema";
import type { Bindings } from "../env";
import { chunkResultKey } from "../transcriptions/keys";
import { appendLog, getById, listChunks, raiseProgress, updateTranscription } from "../transcriptions/repository";
import { enqueueChunk, holdLease } from "./enqueue";
import { failTranscription } from "./failure";
import { durationRefusal, releaseWork } from "../plans/limits";
import { jobSettings } from "./settings";
import { buildTranscript } from "./build-transcript";

const ACTIVE = new Set(["PENDING", "PROCESSING", "REPROCESSING"]);
/** Speech recognition is 5–90 % of the bar; stitching and analysis fill the rest. */
const ASR_FROM = 5;
const ASR_TO = 90;

const setChunk = (db: Db, id: string, idx: number, values: Partial<typeof transcriptionChunks.$inferInsert>) =>
  db
    .update(transcriptionChunks)
    .set(values)
    .where(and(eq(transcriptionChunks.transcriptionId, id), eq(transcriptionChunks.idx, idx)));

export async function transcribeChunk(env: Bindings, db: Db, transcriptionId: string, idx: number) {
  const t = await getById(db, transcriptionId);
  if (!t || !ACTIVE.has(t.status)) return; // deleted, finished or failed meanwhile: the message is stale
  const chunks = await listChunks(db, transcriptionId);
  const chunk = chunks.find((c) => c.idx === idx);
  if (!chunk || chunk.status === "DONE" || chunk.status === "FAILED") return;

  const settings = jobSettings(env);
  const attempt = chunk.attempts + 1;
  const total = t.source === "file" ? 1 : (t.chunksExpected ?? chunks.length);
  const label = total > 1 ? `part ${idx + 1} of ${total}` : "the recording";
  await setChunk(db, transcriptionId, idx, { status: "PROCESSING", attempts: attempt, leaseUntil: Date.now() + settings.leaseMs });
  if (t.status === "PENDING") await updateTranscription(db, transcriptionId, { status: "PROCESSING" });
  await raiseProgress(db, transcriptionId, ASR_FROM);
  await appendLog(db, transcriptionId, `Transcribing ${label}${attempt > 1 ? ` (attempt ${attempt})` : ""}`);

  // A long recording can take many minutes: keep the lease fresh so the sweep doesn't hand it to another worker.
  const heartbeat = setInterval(() => {
    void setChunk(db, transcriptionId, idx, { leaseUntil: Date.now() + settings.leaseMs });
  }, 60_000);
  const started = Date.now();
  try {
    const object = await env.MEDIA.get(chunk.r2Key);
    if (!object) throw new SpeechError("The uploaded audio is missing from storage; please upload it again", false);
    const result = await speechProvider(env).transcribe({
      audio: object.body,
      size: object.size,
      fileName: t.fileName,
      contentType: object.httpMetadata?.contentType ?? t.fileType,
      // Given at upload, or detected by an earlier run (reprocess keeps it); null = let the engine detect it.
      language: t.language ?? undefined,
    });
    // The plan's length limit can only be checked now that the audio's length is known.
    const refusal = await durationRefusal(env.DB, t.userId, chunk.startOffset + result.duration);
    if (refusal) {
      await setChunk(db, transcriptionId, idx, { status: "FAILED", error: refusal, leaseUntil: null });
      await failTranscription(db, transcriptionId, refusal);
      await releaseWork(env.DB, transcriptionId);
      return;
    }
    // Deleted while the engine worked: what was written is gone again, and there is nothing left to do.
    if (!(await ownedWrite(env, db, t, chunkResultKey(t.userId, transcriptionId, idx), JSON.stringify(result)))) return;
    await setChunk(db, transcriptionId, idx, { status: "DONE", error: null, leaseUntil: null });
    const seconds = (Date.now() - started) / 1000;
    await appendLog(
      db,
      transcriptionId,
      `Transcribed ${label}: ${result.duration.toFixed(1)} s of audio in ${seconds.toFixed(1)} s` +
        (result.language ? ` (language: ${result.language})` : ""),
    );
  } catch (err) {
    if (!(err instanceof SpeechError)) throw err;
    if (err.transient && attempt < settings.maxAttempts) {
      const delay = settings.retryDelaySeconds(attempt);
      await setChunk(db, transcriptionId, idx, { status: "PENDING", error: err.message });
      await appendLog(db, transcriptionId, `${err.message}; retrying ${label} in ${delay} s`, "warn");
      await enqueueChunk(env, db, transcriptionId, idx, delay);
      return;
    }
    await setChunk(db, transcriptionId, idx, { status: "FAILED", error: err.message, leaseUntil: null });
    const why = err.transient
      ? `Speech recognition was unavailable after ${attempt} attempts (${err.message}). Try Reprocess later.`
      : `The recording could not be transcribed: ${err.message}`;
    await failTranscription(db, transcriptionId, why);
    return;
  } finally {
    clearInterval(heartbeat);
  }

  const after = await listChunks(db, transcriptionId);
  const done = after.filter((c) => c.status === "DONE").length;
  await raiseProgress(db, transcriptionId, ASR_FROM + ((ASR_TO - ASR_FROM) * done) / Math.max(total, after.length));
  const fresh = await getById(db, transcriptionId); // the client may have sealed the chunk list meanwhile
  const expected = fresh?.chunksExpected ?? null;
  const sealed = t.source === "file" || (expected !== null && after.length >= expected);
  if (sealed && done === after.length) {
    // The last part runs the remaining steps itself: two queue hops less for every recording. The lease
    // still covers them, so a crash here is resumed by the sweep.
    await holdLease(env, db, transcriptionId);
    await buildTranscript(env, db, transcriptionId);
  }
}

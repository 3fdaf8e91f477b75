import { isActive } from "@verbatim/shared";
import { SpeechError, speechProvider } from "../asr";
import type { Db } from "../db/client";
import type { Bindings } from "../env";
import { afterFailure, jobSettings, nextChunkStatus, readyToJoin } from "../rules/job-state";
import { chunkResultKey } from "../store/keys";
import { ownedWrite } from "../store/orphans";
import { durationRefusal, releaseWork } from "../store/plan-usage";
import { appendLog, getById, listChunks, raiseProgress, spaceOf } from "../store/transcriptions";
import { buildTranscript } from "./build-transcript";
import { enqueueChunk, holdLease } from "./enqueue";
import { failTranscription, moveChunk, moveTranscription, renewChunkLease } from "./state-repository";

/** Speech recognition is 5–90 % of the bar; stitching and analysis fill the rest. */
const ASR_FROM = 5;
const ASR_TO = 90;

export async function transcribeChunk(env: Bindings, db: Db, transcriptionId: string, idx: number) {
  const t = await getById(db, transcriptionId);
  if (!t || !isActive(t.status)) return; // deleted, finished or failed meanwhile: the message is stale
  const chunks = await listChunks(db, transcriptionId);
  const chunk = chunks.find((c) => c.idx === idx);
  if (!chunk || !nextChunkStatus(chunk.status, "lease")) return; // done or failed already

  const settings = jobSettings(env);
  const attempt = chunk.attempts + 1;
  const total = t.source === "file" ? 1 : (t.chunksExpected ?? chunks.length);
  const label = total > 1 ? `part ${idx + 1} of ${total}` : "the recording";
  if (
    !(await moveChunk(db, transcriptionId, idx, "lease", {
      attempts: attempt,
      leaseUntil: Date.now() + settings.leaseMs,
    }))
  )
    return;
  await moveTranscription(db, transcriptionId, "start"); // the first chunk: PENDING → PROCESSING
  await raiseProgress(db, transcriptionId, ASR_FROM);
  const doing = t.task === "translate" ? `Translating ${label} into English` : `Transcribing ${label}`;
  await appendLog(db, transcriptionId, `${doing}${attempt > 1 ? ` (attempt ${attempt})` : ""}`);

  // A long recording can take many minutes: keep the lease fresh so the sweep doesn't hand it to another worker.
  const heartbeat = setInterval(() => {
    void renewChunkLease(db, transcriptionId, idx, Date.now() + settings.leaseMs);
  }, 60_000);
  const started = Date.now();
  try {
    const object = await env.MEDIA.get(chunk.r2Key);
    if (!object) throw new SpeechError("The uploaded audio is missing from storage; please upload it again", false);
    const translating = t.task === "translate";
    const result = await speechProvider(env).transcribe({
      audio: object.body,
      size: object.size,
      fileName: t.fileName,
      contentType: object.httpMetadata?.contentType ?? t.fileType,
      // Given at upload, or detected by an earlier run (reprocess keeps it); null = let the engine detect it. A
      // translation's language is its English text's, not the speech's, so the engine detects the spoken one.
      language: translating ? undefined : (t.language ?? undefined),
      task: t.task,
      diarize: t.diarize ? { numSpeakers: t.numSpeakers, exact: total === 1 } : undefined,
    });
    // Providers report the spoken language; a translation's text is English whatever was spoken.
    if (translating) result.language = "en";
    // The plan's length limit can only be checked now that the audio's length is known.
    // A whole file's length is known exactly; a chunked upload's only up to the end of this part.
    const refusal = await durationRefusal(env.DB, spaceOf(t), chunk.startOffset + result.duration, {
      atLeast: t.source !== "file",
    });
    if (refusal) {
      await moveChunk(db, transcriptionId, idx, "fail", { error: refusal, leaseUntil: null });
      await failTranscription(env, db, transcriptionId, refusal);
      await releaseWork(env.DB, transcriptionId);
      return;
    }
    // Deleted while the engine worked: what was written is gone again, and there is nothing left to do.
    if (!(await ownedWrite(env, db, t, chunkResultKey(t.userId, transcriptionId, idx), JSON.stringify(result)))) return;
    await moveChunk(db, transcriptionId, idx, "done", { error: null, leaseUntil: null });
    const seconds = (Date.now() - started) / 1000;
    await appendLog(
      db,
      transcriptionId,
      `Transcribed ${label}: ${result.duration.toFixed(1)} s of audio in ${seconds.toFixed(1)} s` +
        (result.language ? ` (language: ${result.language})` : ""),
    );
  } catch (err) {
    if (!(err instanceof SpeechError)) throw err;
    const next = afterFailure(settings, attempt, err.transient);
    if (next.retry) {
      const delay = next.delaySeconds;
      await moveChunk(db, transcriptionId, idx, "retry", { error: err.message });
      await appendLog(db, transcriptionId, `${err.message}; retrying ${label} in ${delay} s`, "warn");
      await enqueueChunk(env, db, transcriptionId, idx, delay);
      return;
    }
    await moveChunk(db, transcriptionId, idx, "fail", { error: err.message, leaseUntil: null });
    const why = err.transient
      ? `Speech recognition was unavailable after ${attempt} attempts (${err.message}). Try Reprocess later.`
      : `The recording could not be transcribed: ${err.message}`;
    await failTranscription(env, db, transcriptionId, why);
    return;
  } finally {
    clearInterval(heartbeat);
  }

  const after = await listChunks(db, transcriptionId);
  const done = after.filter((c) => c.status === "DONE").length;
  await raiseProgress(db, transcriptionId, ASR_FROM + ((ASR_TO - ASR_FROM) * done) / Math.max(total, after.length));
  const fresh = await getById(db, transcriptionId); // the client may have sealed the chunk list meanwhile
  if (readyToJoin({ source: t.source, chunksExpected: fresh?.chunksExpected ?? null }, after)) {
    // The last part runs the remaining steps itself: two queue hops less for every recording. The lease
    // still covers them, so a crash here is resumed by the sweep.
    await holdLease(env, db, transcriptionId);
    await buildTranscript(env, db, transcriptionId);
  }
}

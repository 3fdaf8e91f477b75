import { isActive } from "@verbatim/shared";
import type { SpeechResult } from "../asr";
import type { Db } from "../db/client";
import type { Bindings } from "../env";
import { readyToJoin } from "../rules/job-state";
import { chunkResultKey } from "../store/keys";
import { appendLog, getById, listChunks, raiseProgress, spaceOf, updateTranscription } from "../store/transcriptions";
import { commitMachineTranscript, joinChunks } from "../transcript-doc";
import { recognizeVoices } from "../voices";
import { analyze } from "./analyze";
import { holdLease } from "./enqueue";
import { failTranscription } from "./state-repository";

/** Joins the chunk results into the transcript (idempotent: a repeated message rewrites the same result). */
export async function buildTranscript(env: Bindings, db: Db, transcriptionId: string) {
  const t = await getById(db, transcriptionId);
  if (!t || !isActive(t.status)) return;
  const chunks = await listChunks(db, transcriptionId);
  if (!readyToJoin(t, chunks)) return;

  const results = await Promise.all(
    chunks.map(async (c) => {
      const obj = await env.MEDIA.get(chunkResultKey(t.userId, transcriptionId, c.idx));
      return obj ? { startOffset: c.startOffset, result: (await obj.json()) as SpeechResult } : null;
    }),
  );
  if (results.some((r) => r === null)) {
    await failTranscription(
      env,
      db,
      transcriptionId,
      "Part of the transcript was lost from storage. Please reprocess.",
    );
    return;
  }
  const joined = joinChunks(results as NonNullable<(typeof results)[number]>[]);
  // Speakers whose voice the user remembered are named; every speaker's voice is kept for remembering later.
  const doc = await recognizeVoices(db, spaceOf(t), transcriptionId, joined.doc, joined.voices);
  // Saved as the next version of the transcript (the D1 text with it); false when deleted meanwhile.
  if (!(await commitMachineTranscript(env, db, t, doc))) return;
  await updateTranscription(db, transcriptionId, {
    language: doc.language,
    duration: doc.duration,
    errorMessage: null,
  });
  await raiseProgress(db, transcriptionId, 92);
  const words = doc.segments.reduce((n, s) => n + s.text.split(/\s+/).filter(Boolean).length, 0);
  await appendLog(
    db,
    transcriptionId,
    chunks.length > 1
      ? `Joined ${chunks.length} parts: ${words} words over ${doc.duration.toFixed(1)} s`
      : `Transcript ready: ${words} words over ${doc.duration.toFixed(1)} s`,
  );
  await holdLease(env, db, transcriptionId);
  await analyze(env, db, transcriptionId);
}

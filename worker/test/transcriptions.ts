import { env } from "cloudflare:test";
import { ACTIVE_STATUSES, type Segment, transcriptionSchema } from "@verbatim/shared";
import { eq } from "drizzle-orm";
import { inject, vi } from "vitest";
import { createDb } from "../src/db/client";
import { transcriptions } from "../src/db/schema";
import { mediaKey, transcriptDocKey } from "../src/store/keys";
import { reindexTranscription } from "../src/store/search-index";
import { transcriptText } from "../src/transcript-doc/text";
import { api, readJson } from "./http";

/** Test audio built or kept on the Node side, fetched through the proxy. */
export async function testFile(name: string) {
  const res = await fetch(`${inject("proxyUrl")}/__files/${encodeURIComponent(name)}`);
  if (!res.ok) throw new Error(`test file ${name}: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

export function engineControl(mode: "up" | "down") {
  return fetch(`${inject("proxyUrl")}/__control/${mode}`, { method: "POST" });
}

export function upload(cookie: string, bytes: Uint8Array | string, fileName: string, type: string) {
  const form = new FormData();
  form.append("file", new File([bytes], fileName, { type }));
  return api("/api/transcriptions/upload", { method: "POST", body: form, cookie });
}

export async function getTranscription(cookie: string, id: string) {
  const res = await api(`/api/transcriptions/${id}`, { cookie });
  if (!res.ok) throw new Error(`get ${id}: ${res.status}`);
  return readJson(res, transcriptionSchema);
}

/** The transcription an upload (or any create) answered with. */
export async function created(res: Response | Promise<Response>) {
  const answer = await res;
  if (answer.status !== 201) throw new Error(`expected 201, got ${answer.status}: ${await answer.text()}`);
  return readJson(answer, transcriptionSchema);
}

/** Polls like the web app does, recording every progress value seen, until the status is final. */
export async function waitUntilDone(cookie: string, id: string, timeoutMs = 150_000) {
  const seen: number[] = [];
  // Only "still running" is waited out; any other failure (an error answer, a drifted shape) ends it at once.
  let failure: unknown;
  const t = await vi.waitFor(
    async () => {
      const now = await getTranscription(cookie, id).catch((err) => {
        failure = err;
        return null;
      });
      if (now && seen.at(-1) !== now.progress_percentage) seen.push(now.progress_percentage);
      if (now && ACTIVE_STATUSES.includes(now.status))
        throw new Error(`transcription ${id} is still ${now.status} after ${timeoutMs} ms`);
      return now;
    },
    { timeout: timeoutMs, interval: 200 },
  );
  if (!t) throw failure;
  return { t, progress: seen };
}

/**
 * A finished transcription written straight to D1 and R2, as a speech run leaves one: for tests of what comes after
 * transcribing (exports, …) that need a given text, and no speech engine.
 */
export async function seedTranscription(userId: string, name: string, segments: Segment[], language = "en") {
  const id = crypto.randomUUID();
  const duration = segments.at(-1)?.end ?? 0;
  await createDb(env.DB)
    .insert(transcriptions)
    .values({
      id,
      userId,
      name,
      fileName: "meeting.m4a",
      filePath: mediaKey(userId, id, "meeting.m4a"),
      fileType: "audio/mp4",
      status: "COMPLETED",
      language,
      duration,
    });
  await env.MEDIA.put(transcriptDocKey(userId, id), JSON.stringify({ language, duration, segments }));
  return id;
}

/**
 * A seeded transcription with its text, diarized, and its lines in the search index, in a space (a team's when
 * `workspaceId` is given): what questions (worker/src/ask) and search read.
 */
export async function seedIndexedTranscription(
  userId: string,
  name: string,
  segments: Segment[],
  workspaceId: string | null = null,
) {
  const id = await seedTranscription(userId, name, segments);
  const db = createDb(env.DB);
  await db
    .update(transcriptions)
    .set({ text: transcriptText(segments), diarize: true, workspaceId })
    .where(eq(transcriptions.id, id));
  await reindexTranscription(db, id);
  return id;
}

/** `seconds` of silence as a 8 kHz 16-bit mono WAV: a long recording without a long fixture. */
export function silentWav(seconds: number) {
  const rate = 8000;
  const data = seconds * rate * 2;
  const wav = new Uint8Array(44 + data);
  const v = new DataView(wav.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) v.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, "RIFF");
  v.setUint32(4, 36 + data, true);
  ascii(8, "WAVEfmt ");
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true); // PCM
  v.setUint16(22, 1, true); // mono
  v.setUint32(24, rate, true);
  v.setUint32(28, rate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  ascii(36, "data");
  v.setUint32(40, data, true);
  return wav;
}

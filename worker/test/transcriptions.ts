import { inject } from "vitest";
import { api } from "./http";

export interface TranscriptionBody {
  id: string;
  status: string;
  progress_percentage: number;
  text: string | null;
  duration: number | null;
  error_message: string | null;
  [k: string]: unknown;
}

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
  return (await res.json()) as TranscriptionBody;
}

/** Polls like the web app does, recording every progress value seen, until the status is final. */
export async function waitUntilDone(cookie: string, id: string, timeoutMs = 150_000) {
  const seen: number[] = [];
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const t = await getTranscription(cookie, id);
    if (seen.at(-1) !== t.progress_percentage) seen.push(t.progress_percentage);
    if (["COMPLETED", "COMPLETED_WITH_ERRORS", "FAILED"].includes(t.status)) return { t, progress: seen };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`transcription ${id} did not finish in ${timeoutMs} ms`);
}

import { readFileSync } from "node:fs";
import { basename } from "node:path";
import type { Transcription } from "@verbatim/shared/transcription";
import type { BrowserContext } from "playwright-core";

export interface TestUser {
  username: string;
  email: string;
  password: string;
}

let counter = 0;
export function uniqueUser(prefix = "e2e"): TestUser {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `${prefix}_${id}`, email: `${prefix}.${id}@example.com`, password: "correct-horse-1" };
}

/** Registers through the API; the context then holds the session cookie. */
export async function registerViaApi(context: BrowserContext, user = uniqueUser()) {
  const response = await context.request.post("/api/register", { data: user });
  if (response.status() !== 201) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  return user;
}

/** Uploads a fixture through the API (for tests about other screens than the upload one). */
export async function uploadViaApi(context: BrowserContext, path: string, mimeType = "audio/mpeg") {
  const response = await context.request.post("/api/transcriptions/upload", {
    multipart: { file: { name: basename(path), mimeType, buffer: readFileSync(path) } },
  });
  if (response.status() !== 201) throw new Error(`upload failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Transcription;
}

/** Polls the API until the transcription reaches a finished status. */
export async function waitUntilFinished(context: BrowserContext, id: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // Locally, miniflare's R2 holds the whole dev server while it streams a large recording to the engine
    // (about 55 MB/s; production R2 streams natively), so a poll that arrives then may wait its turn: give up
    // on it after a while and ask again. (Refused uploads no longer stall anything: see api-refusals.e2e.ts.)
    const response = await context.request.get(`/api/transcriptions/${id}`, { timeout: 10_000 }).catch(() => null);
    if (!response) continue;
    const t = (await response.json()) as Transcription;
    if (["COMPLETED", "COMPLETED_WITH_ERRORS", "FAILED"].includes(t.status)) return t;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`transcription ${id} did not finish in ${timeoutMs} ms`);
}

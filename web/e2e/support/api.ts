import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { ACTIVE_STATUSES, type Transcription, transcriptionSchema } from "@verbatim/shared/transcription";
import { publicUserSchema } from "@verbatim/shared/user";
import type { BrowserContext } from "playwright-core";
import { vi } from "vitest";
import type { z } from "zod";

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
  publicUserSchema.parse(await response.json());
  return user;
}

/** A response's JSON body, checked against its wire schema (shared/): a drifted shape fails where it is read. */
export async function readJson<S extends z.ZodType>(
  response: { json(): Promise<unknown> },
  schema: S,
): Promise<z.output<S>> {
  return schema.parse(await response.json());
}

/**
 * Uploads a fixture through the API (for tests about other screens than the upload one), into the personal space
 * or the team workspace `space`.
 */
export async function uploadViaApi(context: BrowserContext, path: string, mimeType = "audio/mpeg", space?: string) {
  const query = space ? `?space=${encodeURIComponent(space)}` : "";
  const response = await context.request.post(`/api/transcriptions/upload${query}`, {
    multipart: { file: { name: basename(path), mimeType, buffer: readFileSync(path) } },
  });
  if (response.status() !== 201) throw new Error(`upload failed: ${response.status()} ${await response.text()}`);
  return transcriptionSchema.parse(await response.json());
}

/** The transcription as the API returns it now, checked against the wire schema. */
export async function getTranscription(
  context: BrowserContext,
  id: string,
  timeoutMs?: number,
): Promise<Transcription> {
  const response = await context.request.get(`/api/transcriptions/${id}`, { timeout: timeoutMs });
  if (!response.ok()) throw new Error(`GET /api/transcriptions/${id}: ${response.status()} ${await response.text()}`);
  return transcriptionSchema.parse(await response.json());
}

/** Polls the API, as the app does, until the transcription reaches a finished status (in tests and hooks). */
export async function waitUntilFinished(context: BrowserContext, id: string, timeoutMs = 180_000) {
  // Only "still running" and a slow answer are waited out; an error answer or a drifted shape ends it at once.
  let failure: Error | undefined;
  const t = await vi.waitFor(
    async () => {
      // Locally, miniflare's R2 holds the whole dev server while it streams a large recording to the engine
      // (about 55 MB/s; production R2 streams natively), so a poll that arrives then may wait its turn: give
      // up on it after 10 s and ask again. (Refused uploads no longer stall anything: see api-refusals.e2e.ts.)
      const now = await getTranscription(context, id, 10_000).catch((err: Error) => {
        if (!/Timeout \d+ms exceeded/.test(err.message)) failure = err;
        return undefined;
      });
      if (failure) return undefined;
      if (!now || ACTIVE_STATUSES.includes(now.status))
        throw new Error(`transcription ${id} did not finish in ${timeoutMs} ms`);
      return now;
    },
    // A quarter second: a poll is one cheap GET, and each second waited past the end is a second of the suite.
    { timeout: timeoutMs, interval: 250 },
  );
  if (!t) throw failure;
  return t;
}

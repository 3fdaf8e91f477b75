import type { Db } from "../db/client";
import type { TranscriptionRow } from "../db/schema";
import { getById } from "../store/transcriptions";

// An OpenAI client waits for its answer in the request, where Verbatim's pipeline runs in queue jobs: the request
// polls D1 until the transcript is there. Not forever: Cloudflare ends a request whose answer has not started
// within 100 seconds (error 524), so past the bound the request answers 202 with the job to poll instead. Waiting
// on D1 costs no CPU time, which is what a Worker's limits count.

/** Seconds to wait (OPENAI_AUDIO_WAIT_SECONDS); 0 answers 202 at once. */
export function waitBound(value: string | undefined) {
  const seconds = value?.trim() ? Number(value) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : 100;
}

/** The first poll comes soon (a short recording takes seconds), then less often, up to every 3 s. */
const FIRST_POLL_MS = 500;
const MAX_POLL_MS = 3000;

/**
 * The transcription once its transcript is there or it failed, or null if neither happened within `seconds`. The
 * transcript is there before the analysis that follows it has run: the answer does not wait for the analysis.
 */
export async function waitForTranscript(db: Db, id: string, seconds: number): Promise<TranscriptionRow | null> {
  const deadline = Date.now() + seconds * 1000;
  let pause = FIRST_POLL_MS;
  for (;;) {
    const t = await getById(db, id);
    if (!t) return null;
    if (t.status === "FAILED" || t.transcriptVersion > 0) return t;
    const left = deadline - Date.now();
    if (left <= 0) return null;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    pause = Math.min(MAX_POLL_MS, pause * 1.5);
  }
}

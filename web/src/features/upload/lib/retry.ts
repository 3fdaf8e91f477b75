import { ApiError } from "@/lib/api";
import { NETWORK_ERROR, UploadError } from "@/lib/xhr";
import { sleep, untilOnline } from "./wait";

/** Attempts per request before the upload fails (offline waits do not count). */
const MAX_ATTEMPTS = 6;
const BASE_DELAY_MS = 1000;

/** Worth another try: the network, a timeout, throttling or a server hiccup — not a refusal. */
function isTransient(error: unknown) {
  const status = error instanceof UploadError || error instanceof ApiError ? error.status : 0;
  if (error instanceof UploadError && error.aborted) return false;
  if (error instanceof TypeError) return true; // fetch's network failure
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** Retries `attempt` with exponential backoff and jitter; while offline it waits for the network instead. */
export async function withRetry<T>(attempt: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isTransient(error)) throw error;
      if (!navigator.onLine) {
        await untilOnline(signal);
        tries--;
        continue;
      }
      if (tries >= MAX_ATTEMPTS) throw error instanceof UploadError ? error : new UploadError(NETWORK_ERROR, 0);
      const delay = BASE_DELAY_MS * 2 ** (tries - 1);
      await sleep(delay / 2 + Math.random() * delay, signal);
    }
  }
}

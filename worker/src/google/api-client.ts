import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { Bindings } from "../env";
import { ApiError } from "../http/errors";
import type { GoogleConfig } from "./config";
import { accessToken } from "./grant";
import { isTimeout, timedFetch } from "./timed-fetch";

// Calls to Google's REST APIs for a user: bearer token (refreshed as needed), Google's errors turned into
// messages a user can act on, and retries with backoff where Google asks for them (429, 5xx, rate limits) or
// where a connection was lost.

const ATTEMPTS = 4;
const MAX_WAIT_MS = 8_000;

export const INSUFFICIENT_SCOPE =
  "Verbatim does not have permission for this in your Google account. Connect your Google account again and allow access.";

export interface GoogleCall {
  env: Bindings;
  db: Db;
  config: GoogleConfig;
  userId: string;
  /** "Google Calendar" or "Google Drive", for messages. */
  service: string;
}

/** A lasting outage, or Google not answering at all: the documented 502. */
export const googleUnavailable = (service: string) =>
  new ApiError(502, `${service} is unavailable right now. Please try again.`);

interface GoogleErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    errors?: Array<{ reason?: string }>;
    details?: Array<{ reason?: string }>;
  };
}

async function errorReasons(res: Response) {
  const body = (await res.json().catch(() => ({}))) as GoogleErrorBody;
  const reasons = [...(body.error?.errors ?? []), ...(body.error?.details ?? [])].map((e) => e.reason ?? "");
  return { reasons, message: body.error?.message ?? "" };
}

function backoff(attempt: number, retryAfter: string | null) {
  const seconds = Number(retryAfter);
  const asked = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
  // Exponential with jitter (Google's guidance for its APIs), at least what Retry-After asks.
  return Math.min(MAX_WAIT_MS, Math.max(asked, 2 ** attempt * 250 + Math.random() * 250));
}

const wait = (attempt: number, retryAfter: string | null) =>
  new Promise((r) => setTimeout(r, backoff(attempt, retryAfter)));

/**
 * One request with the user's token; retries transient failures; returns the ok (or 206) response. Google
 * has `config.timeoutMs` to start answering and as the longest pause within the body (see timed-fetch).
 */
export async function googleFetch(call: GoogleCall, url: string, init: RequestInit = {}): Promise<Response> {
  let retriedAuth = false;
  for (let attempt = 0; ; attempt++) {
    const token = await accessToken(call.env, call.db, call.config, call.userId);
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${token}`);
    const last = attempt + 1 >= ATTEMPTS;
    let res: Response;
    try {
      res = await timedFetch(url, { ...init, headers }, call.config.timeoutMs);
    } catch (err) {
      // A lost connection is retried like a 5xx, but only for a read: a write may have reached Google.
      // Silence is not: each try would keep the user waiting the whole timeout again.
      const idempotent = (init.method ?? "GET") === "GET";
      if (!last && idempotent && !isTimeout(err)) {
        await wait(attempt, null);
        continue;
      }
      console.warn(JSON.stringify({ level: "warn", msg: `${call.service} did not answer`, error: String(err) }));
      throw googleUnavailable(call.service);
    }
    if (res.ok) return res;
    if (res.status === 401 && !retriedAuth) {
      // The token may have been revoked or expired early: refresh once, and give up cleanly if that fails.
      retriedAuth = true;
      await res.body?.cancel();
      await call.db
        .update(users)
        .set({ googleTokenExpiry: new Date(0).toISOString() })
        .where(eq(users.id, call.userId));
      continue;
    }
    if (res.status === 401)
      throw new ApiError(403, `${call.service} refused the connection. Connect your Google account again.`);
    if (res.status === 403 || res.status === 429) {
      const { reasons } = await errorReasons(res);
      const rateLimited = res.status === 429 || reasons.some((r) => /rateLimitExceeded|RATE_LIMIT_EXCEEDED/i.test(r));
      if (rateLimited) {
        if (!last) {
          await wait(attempt, res.headers.get("Retry-After"));
          continue;
        }
        throw new ApiError(429, `${call.service} is busy right now. Please try again in a minute.`, {
          "Retry-After": "60",
        });
      }
      if (reasons.some((r) => /insufficientPermissions|ACCESS_TOKEN_SCOPE_INSUFFICIENT/i.test(r)))
        throw new ApiError(403, INSUFFICIENT_SCOPE);
      throw new ApiError(403, `${call.service} refused the request.`);
    }
    if (res.status >= 500) {
      await res.body?.cancel();
      if (!last) {
        await wait(attempt, res.headers.get("Retry-After"));
        continue;
      }
      throw googleUnavailable(call.service);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      throw new ApiError(404, `Not found in ${call.service}`);
    }
    const { message } = await errorReasons(res);
    throw new ApiError(400, message ? `${call.service}: ${message}` : `${call.service} refused the request.`);
  }
}

/** googleFetch's answer read as JSON: a body that breaks off, stalls or is not JSON is Google failing too. */
export async function googleJson<T>(call: GoogleCall, url: string, init: RequestInit = {}): Promise<T> {
  const res = await googleFetch(call, url, init);
  try {
    return (await res.json()) as T;
  } catch (err) {
    console.warn(JSON.stringify({ level: "warn", msg: `${call.service} sent a broken answer`, error: String(err) }));
    throw googleUnavailable(call.service);
  }
}

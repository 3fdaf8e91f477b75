import { and, count, eq, gte, lt, min } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateEvents, uploads } from "../db/schema";
import type { Bindings } from "../env";
import { ApiError } from "./errors";

// Abuse limits that hold whatever the plan (the FREE/PRO quotas are separate). Each is counted in D1 over a
// sliding window; the numbers are the production ones, and a var of the same name may change them (tests do).

type LimitVar = "SIGNUPS_PER_IP_PER_HOUR" | "SIGNUPS_PER_MINUTE" | "EXPORTS_PER_MINUTE" | "OPEN_UPLOADS_PER_USER";

interface Limit {
  setting: LimitVar;
  max: number;
  windowMs: number;
  message: string;
}

const MINUTE = 60_000;

/** Accounts created from one client address in an hour. */
export const SIGNUPS_PER_IP: Limit = {
  setting: "SIGNUPS_PER_IP_PER_HOUR",
  max: 5,
  windowMs: 60 * MINUTE,
  message: "Too many accounts were created from your network. Please try again later.",
};
/** Accounts created app-wide in a minute: a burst from many addresses at once is a bot, not a launch. */
export const SIGNUP_BURST: Limit = {
  setting: "SIGNUPS_PER_MINUTE",
  max: 30,
  windowMs: MINUTE,
  message: "Too many sign-ups right now. Please try again in a minute.",
};
/** Exports (single files and ZIPs) per user in a minute: a PDF or a ZIP costs real CPU. */
export const EXPORT_BURST: Limit = {
  setting: "EXPORTS_PER_MINUTE",
  max: 30,
  windowMs: MINUTE,
  message: "Too many exports in a short time. Please try again in a minute.",
};

const maxOf = (limit: Pick<Limit, "setting" | "max">, env: Partial<Bindings>) => {
  const override = Number(env[limit.setting]);
  return Number.isFinite(override) && override > 0 ? override : limit.max;
};

const tooMany = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, message, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Throws 429 with Retry-After when `key` has used up `limit` inside its window. */
export async function assertUnderLimit(db: Db, env: Partial<Bindings>, limit: Limit, key: string) {
  const since = Date.now() - limit.windowMs;
  const [row] = await db
    .select({ n: count(), oldest: min(rateEvents.at) })
    .from(rateEvents)
    .where(and(eq(rateEvents.key, key), gte(rateEvents.at, since)));
  if (row && row.n >= maxOf(limit, env))
    throw tooMany(limit.message, ((row.oldest ?? 0) + limit.windowMs - Date.now()) / 1000);
}

/** Counts one event for `key` (and forgets events older than the longest window). */
export async function recordEvent(db: Db, key: string) {
  const at = Date.now();
  await db.insert(rateEvents).values({ key, at });
  await db.delete(rateEvents).where(lt(rateEvents.at, at - 60 * MINUTE));
}

/** Checks and counts in one step, for requests that always cost (exports). */
export async function takeFromLimit(db: Db, env: Partial<Bindings>, limit: Limit, key: string) {
  await assertUnderLimit(db, env, limit, key);
  await recordEvent(db, key);
}

/** Resumable uploads a user may hold open at once (each may reserve up to 5 GB of R2 parts). */
export const OPEN_UPLOADS = { setting: "OPEN_UPLOADS_PER_USER", max: 5 } as const;

export async function assertUploadSlotFree(db: Db, env: Partial<Bindings>, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), eq(uploads.status, "OPEN")));
  const max = maxOf(OPEN_UPLOADS, env);
  if (row && row.n >= max)
    throw tooMany(`You already have ${max} unfinished uploads. Finish or cancel one before starting another.`, 60);
}

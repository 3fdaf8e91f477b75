import { and, count, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateEvents, uploads } from "../db/schema";
import type { Bindings } from "../env";
import { ApiError } from "./errors";
import { type Slot, takeSlot } from "./window-slots";

// Abuse limits that hold whatever the plan (the FREE/PRO quotas are separate). Each is counted in D1 over a
// sliding window, a slot taken by one conditional write (window-slots.ts), so requests sent at once cannot all
// pass; the numbers are the production ones, and a var of the same name may change them (tests do).

type LimitVar =
  | "SIGNUPS_PER_IP_PER_HOUR"
  | "SIGNUPS_PER_MINUTE"
  | "EXPORTS_PER_MINUTE"
  | "OPEN_UPLOADS_PER_USER"
  | "LOGIN_FAILURES_PER_IP"
  | "PASSWORD_RESETS_PER_ADDRESS_PER_HOUR"
  | "PASSWORD_RESETS_PER_IP_PER_HOUR"
  | "VERIFICATION_EMAILS_PER_HOUR"
  | "API_KEY_REQUESTS_PER_MINUTE";

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

/**
 * Reset links e-mailed to one address in an hour. Reaching it sends nothing more but answers as before, so it says
 * nothing about the address; earlier links stay valid, so someone asking for the owner's links can never keep the
 * owner from resetting: they are in the owner's inbox.
 */
export const RESETS_PER_ADDRESS: Limit = {
  setting: "PASSWORD_RESETS_PER_ADDRESS_PER_HOUR",
  max: 3,
  windowMs: 60 * MINUTE,
  message: "",
};
/** Reset requests from one client address in an hour, whatever the addresses: one client asking for many. */
export const RESETS_PER_IP: Limit = {
  setting: "PASSWORD_RESETS_PER_IP_PER_HOUR",
  max: 20,
  windowMs: 60 * MINUTE,
  message: "Too many password reset requests from your network. Please try again later.",
};
/** Confirmation e-mails one account may ask for again in an hour ("Resend"). */
export const VERIFICATION_EMAILS: Limit = {
  setting: "VERIFICATION_EMAILS_PER_HOUR",
  max: 5,
  windowMs: 60 * MINUTE,
  message: "Too many confirmation e-mails in a short time. Please try again later.",
};

/** A limit's number: the var of its name when set to a positive number, else the production one. */
export const maxOf = (limit: Pick<Limit, "setting" | "max">, env: Partial<Bindings>) => {
  const override = Number(env[limit.setting]);
  return Number.isFinite(override) && override > 0 ? override : limit.max;
};

const tooMany = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, message, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/**
 * Takes a slot of `limit` for `key`, or throws 429 with a true Retry-After (when a slot frees); forgets events older
 * than the longest window. The slot can be given back (releaseSlots) when the request turned out to cost nothing.
 */
export async function takeFromLimit(db: Db, env: Partial<Bindings>, limit: Limit, key: string): Promise<Slot> {
  const outcome = await takeSlot(db, rateEvents, key, { max: maxOf(limit, env), windowMs: limit.windowMs });
  await db.delete(rateEvents).where(lt(rateEvents.at, Date.now() - 60 * MINUTE));
  if ("slot" in outcome) return outcome.slot;
  throw tooMany(limit.message, outcome.retryAfter);
}

/** Requests one API key may make in a minute: a script's pace, well above any person's. */
export const API_KEY_REQUESTS: Limit = {
  setting: "API_KEY_REQUESTS_PER_MINUTE",
  max: 120,
  windowMs: MINUTE,
  message: "Too many requests with this API key. Please slow down and try again shortly.",
};

/**
 * Takes a slot of `limit` for `key` and answers the RateLimit headers that tell a client its budget
 * (draft-ietf-httpapi-ratelimit-headers: the policy, and what is left with the seconds until a slot frees); a 429
 * when none is left carries them too, with Retry-After.
 */
export async function takeMetered(db: Db, env: Partial<Bindings>, limit: Limit, key: string, name: string) {
  const max = maxOf(limit, env);
  const window = { max, windowMs: limit.windowMs };
  const outcome = await takeSlot(db, rateEvents, key, window);
  const now = Date.now();
  const [used] = await db
    .select({ n: count(), oldest: sql<number | null>`min(${rateEvents.at})` })
    .from(rateEvents)
    .where(and(eq(rateEvents.key, key), sql`${rateEvents.at} > ${now - limit.windowMs}`));
  const remaining = Math.max(0, max - (used?.n ?? 0));
  // When the oldest request in the window leaves it, and a slot frees.
  const reset =
    "slot" in outcome
      ? Math.max(1, Math.ceil(((used?.oldest ?? now) + limit.windowMs - now) / 1000))
      : outcome.retryAfter;
  const headers = {
    "RateLimit-Policy": `"${name}";q=${max};w=${Math.ceil(limit.windowMs / 1000)}`,
    RateLimit: `"${name}";r=${remaining};t=${reset}`,
  };
  if ("slot" in outcome) return headers;
  throw new ApiError(429, limit.message, { ...headers, "Retry-After": String(Math.max(1, outcome.retryAfter)) });
}

/** Like takeFromLimit, but answers whether a slot was free instead of refusing (a limit the caller keeps quiet). */
export async function slotFree(db: Db, env: Partial<Bindings>, limit: Limit, key: string): Promise<boolean> {
  const outcome = await takeSlot(db, rateEvents, key, { max: maxOf(limit, env), windowMs: limit.windowMs });
  return "slot" in outcome;
}

/** Resumable uploads a user may hold open at once (each may reserve up to 5 GB of R2 parts). */
export const OPEN_UPLOADS = { setting: "OPEN_UPLOADS_PER_USER", max: 5 } as const;

const tooManyOpen = (max: number) =>
  tooMany(`You already have ${max} unfinished uploads. Finish or cancel one before starting another.`, 60);

/** Refuses at once when the user already holds the most open uploads (before an R2 upload is made for nothing). */
export async function assertUploadSlotFree(db: Db, env: Partial<Bindings>, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), eq(uploads.status, "OPEN")));
  const max = maxOf(OPEN_UPLOADS, env);
  if (row && row.n >= max) throw tooManyOpen(max);
}

/**
 * After an upload's row is written: keeps it only when it is among the user's first `max` open uploads in the
 * order they were written (SQLite's rowid), else deletes it and refuses. Uploads started at the same moment all
 * passed the check above; this decides among them, and exactly the earliest `max` stay.
 */
export async function confirmUploadSlot(db: Db, env: Partial<Bindings>, userId: string, uploadId: string) {
  const max = maxOf(OPEN_UPLOADS, env);
  const [row] = await db
    .select({ rank: count() })
    .from(uploads)
    .where(
      and(
        eq(uploads.userId, userId),
        eq(uploads.status, "OPEN"),
        sql`rowid <= (SELECT rowid FROM ${uploads} WHERE id = ${uploadId})`,
      ),
    );
  if (row && row.rank <= max) return;
  await db.delete(uploads).where(eq(uploads.id, uploadId));
  throw tooManyOpen(max);
}

import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginFailures } from "../db/schema";
import { ApiError } from "../http/errors";

// OWASP authentication cheat sheet: lock out after repeated failures, per account and per client address.
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

/**
 * Failures count per account, whichever identifier (username or e-mail) named it, and per client address.
 * An identifier that names no account is counted by itself, so probing unknown names locks out the same way.
 */
export function lockoutKeys(account: { id: string } | undefined, identifier: string, ip: string) {
  return [account ? `account:${account.id}` : `login:${identifier.trim().toLowerCase()}`, `ip:${ip}`];
}

/** Throws 429 with Retry-After when any key has reached the limit inside the window. */
export async function assertNotLocked(db: Db, keys: string[]) {
  const since = Date.now() - WINDOW_MS;
  const rows = await db
    .select({ key: loginFailures.key, count: sql<number>`count(*)`, oldest: sql<number>`min(${loginFailures.at})` })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gte(loginFailures.at, since)))
    .groupBy(loginFailures.key);
  const locked = rows.filter((r) => r.count >= MAX_FAILURES);
  if (locked.length === 0) return;
  const retryAfterMs = Math.max(...locked.map((r) => r.oldest + WINDOW_MS - Date.now()));
  const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
  throw new ApiError(429, "Too many failed sign-in attempts. Try again later.", { "Retry-After": String(retryAfter) });
}

export async function recordFailure(db: Db, keys: string[]) {
  const at = Date.now();
  await db.insert(loginFailures).values(keys.map((key) => ({ key, at })));
  await db.delete(loginFailures).where(lt(loginFailures.at, at - WINDOW_MS));
}

/** A successful sign-in clears the account's counter (the address keeps its own). */
export async function clearAccountFailures(db: Db, accountId: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, `account:${accountId}`));
}

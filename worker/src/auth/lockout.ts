import { eq, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginFailures } from "../db/schema";
import type { Bindings } from "../env";
import { ApiError } from "../http/errors";
import { maxOf } from "../http/rate-limit";
import { releaseSlots, type Slot, takeSlot } from "../http/window-slots";

// OWASP's authentication cheat sheet: lock an account after repeated failures. Each guess takes a slot before
// the slow password hash (window-slots.ts: one conditional write), so guesses sent at the same moment cannot
// all pass the check; a right password gives its slots back. The design: docs/security.md#sign-in-lockout.

/** Wrong passwords for one account in the window. */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;
/**
 * Wrong passwords from one client address, across every account: a velocity limit on one address trying many
 * accounts, high enough for an office behind one NAT (fifty people each mistyping twice), so that one person's
 * typos never lock their colleagues out. A var of the same name may change it (tests do).
 */
export const ADDRESS_MAX_FAILURES = 100;

const addressMax = (env: Partial<Bindings>) =>
  maxOf({ setting: "LOGIN_FAILURES_PER_IP", max: ADDRESS_MAX_FAILURES }, env);

/**
 * The limits a sign-in guess counts against. From a browser where the account signed in before (its device
 * key, trusted-device.ts): that browser's own limit only. From anywhere else: the account's, whichever
 * identifier (username or e-mail) named it, and the client address's. An identifier that names no account is
 * counted by itself, so probing unknown names locks out the same way.
 */
export function signInLimits(
  account: { id: string } | undefined,
  identifier: string,
  client: { ip: string; deviceKey: string | null },
  env: Partial<Bindings>,
) {
  if (client.deviceKey) return [{ key: client.deviceKey, max: MAX_FAILURES }];
  return [
    { key: account ? `account:${account.id}` : `login:${identifier.trim().toLowerCase()}`, max: MAX_FAILURES },
    { key: `ip:${client.ip}`, max: addressMax(env) },
  ];
}

/** The limit a password change's guesses of the current password count against (a stolen session's). */
export const passwordChangeLimits = (userId: string) => [{ key: `password:${userId}`, max: MAX_FAILURES }];

/**
 * Takes a slot of each limit for one guess, before its password is checked; throws 429 with a Retry-After that
 * is true (when a slot of every limit is free again) when any limit is used up. A wrong guess keeps its slots:
 * they are its failures.
 */
export async function reserveGuess(db: Db, limits: { key: string; max: number }[]): Promise<Slot[]> {
  const taken: Slot[] = [];
  let retryAfter = 0;
  for (const { key, max } of limits) {
    const outcome = await takeSlot(db, loginFailures, key, { max, windowMs: WINDOW_MS });
    if ("slot" in outcome) taken.push(outcome.slot);
    else retryAfter = Math.max(retryAfter, outcome.retryAfter, 1);
  }
  await db.delete(loginFailures).where(lt(loginFailures.at, Date.now() - WINDOW_MS));
  if (retryAfter === 0) return taken;
  await releaseSlots(db, taken);
  throw new ApiError(429, "Too many failed sign-in attempts. Try again later.", { "Retry-After": String(retryAfter) });
}

/** A right password: its slots are given back, and the account's earlier failures are forgotten. */
export async function guessWasRight(db: Db, slots: Slot[], accountKey?: string) {
  await releaseSlots(db, slots);
  if (accountKey) await db.delete(loginFailures).where(eq(loginFailures.key, accountKey));
}

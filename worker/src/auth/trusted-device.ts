import { and, eq, gt, lt } from "drizzle-orm";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { Db } from "../db/client";
import { trustedDevices } from "../db/schema";
import { isSecure } from "../http/session-cookie";
import { hashToken, newToken } from "../rules/secret-token";

// OWASP's device cookies ("Slow down online guessing attacks with device cookies"): a browser where an account
// signed in gets a random token for that account. Its later guesses for that account are counted against the
// token alone, so neither an attack on the account nor other people's typos from a shared address lock the
// owner out on a browser they have used. The cookie goes only to the sign-in route.

export const DEVICE_COOKIE = "verbatim_device";
const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
const COOKIE_PATH = "/api/login";

export const readDeviceCookie = (c: Context) => getCookie(c, DEVICE_COOKIE) ?? null;

/** The lockout key of this browser's token when it was given to `userId` and has not expired; else null. */
export async function trustedDeviceKey(db: Db, token: string | null, userId: string | undefined) {
  if (!token || !userId || token.length > 64) return null;
  const tokenHash = hashToken(token);
  const row = await db.query.trustedDevices.findFirst({
    where: and(
      eq(trustedDevices.tokenHash, tokenHash),
      eq(trustedDevices.userId, userId),
      gt(trustedDevices.expiresAt, Date.now()),
    ),
  });
  return row ? `device:${tokenHash}` : null;
}

/** Whether the account has signed in with a password from any browser that is still remembered. */
export async function hasTrustedDevices(db: Db, userId: string) {
  const row = await db.query.trustedDevices.findFirst({
    columns: { tokenHash: true },
    where: and(eq(trustedDevices.userId, userId), gt(trustedDevices.expiresAt, Date.now())),
  });
  return row !== undefined;
}

/** After a right password: this browser is remembered for `userId`, under a new token (the old one is dropped). */
export async function rememberDevice(c: Context, db: Db, userId: string) {
  const old = readDeviceCookie(c);
  if (old && old.length <= 64) await db.delete(trustedDevices).where(eq(trustedDevices.tokenHash, hashToken(old)));
  const token = newToken();
  const expiresAt = Date.now() + DEVICE_TTL_MS;
  await db.insert(trustedDevices).values({ tokenHash: hashToken(token), userId, expiresAt });
  setCookie(c, DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: "Strict",
    secure: isSecure(c),
    path: COOKIE_PATH,
    expires: new Date(expiresAt),
  });
}

/** Forgets expired browsers (the hourly cron, with expired sessions). */
export async function purgeExpiredDevices(db: Db) {
  await db.delete(trustedDevices).where(lt(trustedDevices.expiresAt, Date.now()));
}

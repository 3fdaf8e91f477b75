import { and, eq, lt, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";
import { hashToken, newToken } from "../rules/secret-token";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is renewed at most once a day, so reads don't turn into a write per request. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export async function createSession(db: Db, userId: string, userAgent: string | null) {
  const token = newToken();
  const expiresAt = Date.now() + SESSION_TTL_MS;
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt, userAgent });
  return { token, expiresAt };
}

/** The session's user, renewing the expiry when due; null for unknown or expired tokens. */
export async function validateSession(db: Db, token: string) {
  const id = hashToken(token);
  const row = await db.query.sessions.findFirst({ where: eq(sessions.id, id) });
  if (!row) return null;
  const now = Date.now();
  if (row.expiresAt <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let expiresAt = row.expiresAt;
  if (row.expiresAt - now < SESSION_TTL_MS - RENEW_AFTER_MS) {
    expiresAt = now + SESSION_TTL_MS;
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
  }
  return { sessionId: id, userId: row.userId, expiresAt, renewed: expiresAt !== row.expiresAt };
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, optionally keeping the current one (after a password change). */
export async function deleteUserSessions(db: Db, userId: string, keepSessionId?: string) {
  const mine = eq(sessions.userId, userId);
  await db.delete(sessions).where(keepSessionId ? and(mine, ne(sessions.id, keepSessionId)) : mine);
}

export async function purgeExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, Date.now()));
}

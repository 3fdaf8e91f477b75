import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { generateCodeVerifier, generateState } from "arctic";
import { eq, lt } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Db } from "../db/client";
import { googleAuthRequests } from "../db/schema";

// An authorization under way (state, PKCE verifier, nonce, what it is for) is kept in D1 and bound to the
// browser that started it by a short-lived httpOnly cookie holding a random handle: only that browser can
// finish it, and only once (the row is deleted as it is read, so a replayed callback finds nothing).

export const AUTH_COOKIE = "verbatim_google_auth";
const TTL_MS = 10 * 60 * 1000;

export type Intent = "login" | "signup" | "connect" | "drive";
export type AuthRequest = typeof googleAuthRequests.$inferSelect;

const hash = (value: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(value)));

function secure(c: Context) {
  const url = new URL(c.req.url);
  return url.protocol === "https:" || !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

export async function beginAuthRequest(
  c: Context,
  db: Db,
  v: { intent: Intent; userId: string | null; returnTo: string },
) {
  const handle = generateState();
  const request = { state: generateState(), codeVerifier: generateCodeVerifier(), nonce: generateState() };
  await db.delete(googleAuthRequests).where(lt(googleAuthRequests.expiresAt, Date.now()));
  await db.insert(googleAuthRequests).values({ id: hash(handle), ...request, ...v, expiresAt: Date.now() + TTL_MS });
  // Lax: Google's redirect back is a top-level GET navigation, which carries Lax cookies.
  setCookie(c, AUTH_COOKIE, handle, {
    httpOnly: true,
    sameSite: "Lax",
    secure: secure(c),
    path: "/api/auth/google",
    maxAge: TTL_MS / 1000,
  });
  return request;
}

/** The pending request this browser started, consumed (single use); null when missing or expired. */
export async function takeAuthRequest(c: Context, db: Db): Promise<AuthRequest | null> {
  const handle = getCookie(c, AUTH_COOKIE);
  deleteCookie(c, AUTH_COOKIE, { path: "/api/auth/google", secure: secure(c) });
  if (!handle) return null;
  const [row] = await db
    .delete(googleAuthRequests)
    .where(eq(googleAuthRequests.id, hash(handle)))
    .returning();
  if (!row || row.expiresAt < Date.now()) return null;
  return row;
}

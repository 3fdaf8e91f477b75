import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";

export const SESSION_COOKIE = "verbatim_session";

/** Secure everywhere but plain-http loopback, where browsers would drop a Secure cookie. */
export function isSecure(c: Context) {
  const url = new URL(c.req.url);
  return url.protocol === "https:" || !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

export function readSessionCookie(c: Context) {
  return getCookie(c, SESSION_COOKIE) ?? null;
}

export function writeSessionCookie(c: Context, token: string, expiresAt: number) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isSecure(c),
    path: "/",
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: isSecure(c) });
}

import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from "../http/session-cookie";
import { bearerToken, useApiKey } from "./api-key";
import { validateSession } from "./session-store";

/**
 * Resolves the caller for every API request: an API key when the request carries `Authorization: Bearer`
 * (and then only the key: the cookie is not read), else the session cookie; null when signed out.
 */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("userId", null);
  c.set("sessionId", null);
  c.set("apiKeyId", null);
  const bearer = bearerToken(c.req.header("Authorization"));
  if (bearer !== undefined) {
    await useApiKey(c, bearer);
    return next();
  }
  const token = readSessionCookie(c);
  if (token) {
    const session = await validateSession(c.get("db"), token);
    if (session) {
      c.set("userId", session.userId);
      c.set("sessionId", session.sessionId);
      if (session.renewed) writeSessionCookie(c, token, session.expiresAt);
    } else {
      clearSessionCookie(c);
    }
  }
  await next();
};

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("userId")) throw new ApiError(401, "Not authenticated");
  await next();
};

/** The signed-in user's id; only valid behind requireUser. */
export function currentUserId(c: { get(key: "userId"): string | null }) {
  const id = c.get("userId");
  if (!id) throw new ApiError(401, "Not authenticated");
  return id;
}

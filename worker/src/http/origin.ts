import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function allowedOrigins(requestUrl: string, appOrigin: string | undefined) {
  const own = new URL(requestUrl).origin;
  return appOrigin ? [own, appOrigin] : [own];
}

/** CORS for the app's own origin only: other sites cannot read API responses. */
export const corsForAppOrigin: MiddlewareHandler<AppEnv> = (c, next) =>
  cors({
    origin: (origin) => (allowedOrigins(c.req.url, c.env.APP_ORIGIN).includes(origin) ? origin : null),
    credentials: true,
  })(c, next);

/**
 * CSRF defence for state-changing requests (OWASP: verify the source origin). Browsers always send Origin
 * (or at least Sec-Fetch-Site) on cross-site POSTs, so a foreign or cross-site value is refused; requests
 * with neither header come from non-browser clients, which carry no ambient cookies to abuse. A request with
 * `Authorization: Bearer` is signed in by that key alone, never by the cookie (auth/middleware.ts), so there is
 * no ambient credential to protect, and it is not checked.
 */
export const refuseCrossOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && !/^Bearer\b/i.test(c.req.header("Authorization") ?? "")) {
    const origin = c.req.header("Origin");
    const site = c.req.header("Sec-Fetch-Site");
    const foreign = origin ? !allowedOrigins(c.req.url, c.env.APP_ORIGIN).includes(origin) : site === "cross-site";
    if (foreign) throw new ApiError(403, "Cross-origin request refused");
  }
  await next();
};

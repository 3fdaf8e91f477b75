import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";

// DNS rebinding: a page on evil.example can point its own name at 127.0.0.1 and then talk to the local app
// as a "same-origin" site (its Origin and Host agree). Answering only the names the app is configured for
// ends that, whatever the Origin says.
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

export function isConfiguredHost(url: URL, appOrigin: string | undefined) {
  if (LOOPBACK.has(url.hostname)) return true;
  if (!appOrigin) return false;
  try {
    return new URL(appOrigin).host === url.host;
  } catch {
    return false;
  }
}

/** Refuses, before anything else runs, a request addressed to a host name this app is not (421 Misdirected). */
export const refuseUnknownHosts: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isConfiguredHost(new URL(c.req.url), c.env.APP_ORIGIN)) {
    return c.json({ message: "This server does not answer for that host name" }, 421);
  }
  await next();
};

import { APP_PAGES, FIRST_REQUESTS } from "@verbatim/shared/app-pages";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { readSessionCookie } from "../http/session-cookie";

/**
 * A signed-in page (the dashboard, a transcript) opened by a browser holding a session cookie: the app's shell with
 * its routes' code preloaded (web/scripts/app-pages.mjs writes one per page at build time), and a `Link` header that
 * preloads the API answers its first screen reads. Without them the browser asked for the session once the app's
 * code had run, then for the route's code, then for the page's data, one after the other. The app's own requests
 * are then answered from the preloads (the same URL, mode and credentials as its API client's). Null for anything
 * else: the SPA fallback answers as before.
 */
export async function signedInAppPage(c: Context<AppEnv>): Promise<Response | null> {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return null;
  if (!readSessionCookie(c)) return null;
  // Only for a page being opened: the service worker's own fetches keep the plain shell (see landing.ts).
  const mode = c.req.header("Sec-Fetch-Mode");
  if (mode !== undefined && mode !== "navigate") return null;
  const path = c.req.path;
  for (const page of APP_PAGES) {
    const match = page.path.exec(path);
    if (!match) continue;
    const html = await c.env.ASSETS.fetch(new URL(`/prerendered/app-${page.name}`, c.req.url), {
      method: c.req.method,
    });
    // A build without these pages gets the SPA fallback here: the app's shell, which the preloads serve as well.
    if (!html.ok) return null;
    const res = new Response(html.body, html);
    res.headers.set("Link", [...FIRST_REQUESTS, ...page.requests(match.slice(1))].map(preload).join(", "));
    res.headers.set("Vary", "Cookie");
    res.headers.set("Cache-Control", "no-cache");
    return res;
  }
  return null;
}

/** The API client sends the cookie (credentials "include"): a preload only serves a request made the same way. */
const preload = (path: string) => `<${path}>; rel=preload; as=fetch; crossorigin=use-credentials`;

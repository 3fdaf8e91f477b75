import { APP_PAGES, FIRST_REQUESTS } from "@verbatim/shared/app-pages";
import { acceptedLanguages, isLocale, LOCALE_COOKIE, type Locale, pickLocale } from "@verbatim/shared/locale";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { readSessionCookie } from "../http/session-cookie";

/**
 * A signed-in page (the dashboard, a transcript) opened by a browser holding a session cookie: its first screen
 * already drawn (the layout and the page's heading, in the interface's language) with its routes' code preloaded
 * (web/scripts/app-pages.mjs writes one per page and language at build time), and a `Link` header that
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
    const locale = interfaceLocale(c);
    const html = await c.env.ASSETS.fetch(new URL(`/prerendered/app-${page.name}.${locale}`, c.req.url), {
      method: c.req.method,
    });
    // A build without these pages gets the SPA fallback here: the app's shell, which the preloads serve as well.
    if (!html.ok) return null;
    const res = new Response(html.body, html);
    res.headers.set("Link", [...FIRST_REQUESTS, ...page.requests(match.slice(1))].map(preload).join(", "));
    res.headers.set("Vary", "Cookie, Accept-Language");
    res.headers.set("Content-Language", locale);
    res.headers.set("Cache-Control", "no-cache");
    return res;
  }
  return null;
}

/** The API client sends the cookie (credentials "include"): a preload only serves a request made the same way. */
const preload = (path: string) => `<${path}>; rel=preload; as=fetch; crossorigin=use-credentials`;

/**
 * The language the app will draw the page in: the one it last showed, which it keeps in a cookie for this
 * (lib/i18n/store.ts), else the browser's, as the app itself chooses when it has none remembered.
 */
function interfaceLocale(c: Context<AppEnv>): Locale {
  const kept = getCookie(c, LOCALE_COOKIE);
  return isLocale(kept) ? kept : pickLocale(acceptedLanguages(c.req.header("Accept-Language")));
}

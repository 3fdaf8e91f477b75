import { acceptedLanguages, pickLocale } from "@verbatim/shared/locale";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { readSessionCookie } from "../http/session-cookie";

/**
 * "/" for a browser that sends no session cookie: the landing page already drawn, in the language its
 * Accept-Language asks for (web/scripts/prerender-landing.mjs writes one per language at build time). Such a
 * browser has nobody signed in, so the page it would draw is the landing page; it paints before any script runs,
 * and the app then renders the same page over it. Null for every other request: the app's shell answers.
 */
export async function prerenderedLanding(c: Context<AppEnv>): Promise<Response | null> {
  if (c.req.path !== "/" || (c.req.method !== "GET" && c.req.method !== "HEAD")) return null;
  if (readSessionCookie(c)) return null;
  // Only for a page being opened. The service worker fetches the app's shell (index.html, which assets redirect to
  // "/") to keep it offline, before the visitor has a session: given this page, it would then show the landing
  // page for every screen. Clients that send no Sec-Fetch-Mode (crawlers) get the page.
  const mode = c.req.header("Sec-Fetch-Mode");
  if (mode !== undefined && mode !== "navigate") return null;
  const locale = pickLocale(acceptedLanguages(c.req.header("Accept-Language")));
  // Assets serve landing-xx.html at its name without the extension. A build without the prerendered pages
  // (Vite's dev server) gets the SPA fallback here, which is the app's shell: the same answer as before.
  const page = await c.env.ASSETS.fetch(new URL(`/prerendered/landing-${locale}`, c.req.url), {
    method: c.req.method,
  });
  if (!page.ok) return null;
  const res = new Response(page.body, page);
  // The answer depends on both; a shared cache must not give a signed-in user's "/" a visitor's page.
  res.headers.set("Vary", "Cookie, Accept-Language");
  res.headers.set("Cache-Control", "no-cache");
  res.headers.set("Content-Language", locale);
  return res;
}

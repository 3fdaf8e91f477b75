import { acceptedLanguages } from "@verbatim/shared/locale";
import { describe, expect, it } from "vitest";
import { api } from "../../test/http";

// "/" answers a visitor with the landing page already drawn (web/scripts/prerender-landing.mjs), in the language
// the browser asks for; anyone holding a session cookie, and every other path, gets the app's shell.

const page = (path: string, headers: Record<string, string> = {}) => api(path, { headers });

describe("the prerendered landing page", () => {
  it("is what a browser without a session gets at /, in its language", async () => {
    for (const [accept, locale] of [
      ["de-CH, en;q=0.5", "de"],
      ["en;q=0.4, fr;q=0.9", "fr"],
      ["es-419", "es"],
      ["ja, zh-Hans", "en"],
    ] as const) {
      const res = await page("/", { "Accept-Language": accept });
      expect(res.status, accept).toBe(200);
      const html = await res.text();
      expect(html, accept).toContain('<div id="root" data-prerendered="landing">');
      expect(html, accept).toContain(`<html lang="${locale}">`);
      expect(html, accept).toContain('id="hero-heading"');
      expect(res.headers.get("Content-Language"), accept).toBe(locale);
      expect(res.headers.get("Vary"), accept).toContain("Cookie");
      expect(res.headers.get("Content-Security-Policy"), accept).toContain("script-src 'self'");
    }
  });

  it("is not what the service worker gets when it keeps the app's shell", async () => {
    // Found: the worker precached index.html (assets redirect it to /) before the visitor signed up, got this page,
    // and showed the landing page for /dashboard.
    const shell = await (await page("/", { "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty" })).text();
    expect(shell).toContain('<div id="root"></div>');
    const opened = await (await page("/", { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" })).text();
    expect(opened).toContain('data-prerendered="landing"');
  });

  it("is not what a signed-in browser or another path gets", async () => {
    const signedIn = await (await page("/", { Cookie: "verbatim_session=whatever" })).text();
    expect(signedIn).toContain('<div id="root"></div>');
    for (const path of ["/dashboard", "/pricing", "/transcription/abc"]) {
      expect(await (await page(path)).text(), path).toContain('<div id="root"></div>');
    }
  });

  it("reads Accept-Language by preference, leaving out refused languages", () => {
    expect(acceptedLanguages("fr;q=0.5, de, es;q=0.8, *;q=0.1")).toEqual(["de", "es", "fr"]);
    expect(acceptedLanguages("de;q=0, en")).toEqual(["en"]);
    expect(acceptedLanguages("")).toEqual([]);
    expect(acceptedLanguages(null)).toEqual([]);
  });
});

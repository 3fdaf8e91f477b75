import { describe, expect, it } from "vitest";
import { api } from "../../test/http";

// A signed-in page opened with a session cookie comes with its routes' code and its first API answers preloaded
// (web/scripts/app-pages.mjs, app-page.ts); anything else gets the app's shell as it was.

const open = (path: string, headers: Record<string, string> = {}) =>
  api(path, { headers: { "Sec-Fetch-Mode": "navigate", ...headers } });
const signedIn = { Cookie: "verbatim_session=whatever" };
const preload = (path: string) => `<${path}>; rel=preload; as=fetch; crossorigin=use-credentials`;

describe("a signed-in page's preloads", () => {
  it("come with the dashboard and a transcript opened with a session cookie", async () => {
    const dashboard = await open("/dashboard", signedIn);
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get("Link")).toContain(preload("/api/session"));
    expect(dashboard.headers.get("Link")).toContain(preload("/api/transcriptions"));
    expect(dashboard.headers.get("Vary")).toContain("Cookie");
    const html = await dashboard.text();
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/dashboard-[^"]+\.js">/);
    // Its first screen is drawn: the layout and the page's heading (web/src/prerender/app-shell.tsx).
    expect(html).toContain('<div id="root" data-prerendered="app">');
    expect(html).toContain("<h1");
    expect(html).toContain(">Transcriptions</h1>");
    // The app starts once that has been painted, its start chunks run one at a time (web/public/app-start.js).
    expect(html).not.toContain('<script type="module"');
    expect(html).toMatch(
      /<script src="\/app-start\.js" data-first="[^"]*\/assets\/react-[^"]+\.js[^"]*" data-src="\/assets\/index-[^"]+\.js" defer><\/script>/,
    );

    const transcript = await open("/transcription/abc-1", signedIn);
    expect(transcript.headers.get("Link")).toContain(preload("/api/transcriptions/abc-1"));
    expect(transcript.headers.get("Link")).toContain(preload("/api/transcriptions/abc-1/segments"));
    expect(await transcript.text()).toMatch(/href="\/assets\/transcription-detail-[^"]+\.js"/);
  });

  it("come drawn in the language the app keeps in its cookie, else the browser's", async () => {
    const inSpanish = await open("/dashboard", { Cookie: "verbatim_session=whatever; verbatim_lang=es" });
    expect(inSpanish.headers.get("Content-Language")).toBe("es");
    const html = await inSpanish.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(">Transcripciones</h1>");
    // The app loads its catalogue before its first render: it comes with the page.
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/es-[^"]+\.js">/);

    const byBrowser = await open("/transcription/abc-1", { ...signedIn, "Accept-Language": "de-CH, en;q=0.5" });
    expect(byBrowser.headers.get("Content-Language")).toBe("de");
    expect(await byBrowser.text()).toContain('<html lang="de">');

    for (const cookie of ["verbatim_lang=xx", "verbatim_lang=../landing-en"]) {
      const unknown = await open("/dashboard", { Cookie: `verbatim_session=whatever; ${cookie}` });
      expect(unknown.headers.get("Content-Language"), cookie).toBe("en");
      expect(await unknown.text(), cookie).toContain('data-prerendered="app"');
    }
  });

  it("are not sent without a session, to the service worker, or for another page", async () => {
    for (const [path, headers] of [
      ["/dashboard", {}],
      ["/dashboard", { ...signedIn, "Sec-Fetch-Mode": "cors" }],
      ["/settings", signedIn],
    ] as const) {
      const res = await open(path, headers);
      expect(res.headers.get("Link"), path).toBeNull();
      expect(await res.text(), path).not.toContain("/assets/dashboard-");
    }
  });
});

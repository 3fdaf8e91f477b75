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
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/dashboard-[^"]+\.js">/);

    const transcript = await open("/transcription/abc-1", signedIn);
    expect(transcript.headers.get("Link")).toContain(preload("/api/transcriptions/abc-1"));
    expect(transcript.headers.get("Link")).toContain(preload("/api/transcriptions/abc-1/segments"));
    expect(await transcript.text()).toMatch(/href="\/assets\/transcription-detail-[^"]+\.js"/);
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

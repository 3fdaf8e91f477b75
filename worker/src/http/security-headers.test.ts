import { transcriptionSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, apiWithEnv, readJson, signUp } from "../../test/http";
import { testFile, upload } from "../../test/transcriptions";

function expectSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get("Content-Security-Policy") ?? "";
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(res.headers.get("X-Content-Type-Options"), what).toBe("nosniff");
  expect(res.headers.get("X-Frame-Options"), what).toBe("DENY");
  expect(res.headers.get("Referrer-Policy"), what).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("Permissions-Policy"), what).toContain("camera=()");
  return csp;
}

describe("security headers (finding 4)", () => {
  it("are on the API, index.html, the SPA fallback and the app's files, with a strict CSP", async () => {
    for (const path of ["/api/health", "/api/nope", "/", "/transcriptions", "/theme.js", "/manifest.webmanifest"]) {
      const res = await api(path);
      expect(res.status, path).toBeLessThan(500);
      const csp = expectSecurityHeaders(res, path);
      expect(csp, path).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp, path).not.toContain("unsafe-inline");
      expect(csp, path).toContain("object-src 'none'");
    }
    const index = await (await api("/")).text();
    expect(index).toContain('<div id="root"');
    // No inline script in the page: every <script> has a src.
    expect(index.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toBeNull();
  });

  it("adds HSTS over https only", async () => {
    expect((await api("/api/health")).headers.get("Strict-Transport-Security")).toBeNull();
    const https = await apiWithEnv(
      { APP_ORIGIN: "https://verbatim.example.com" },
      "https://verbatim.example.com/api/health",
    );
    expect(https.headers.get("Strict-Transport-Security")).toMatch(/^max-age=\d{8}; includeSubDomains$/);
  });

  it("serves a recording with its sniffed type, nosniff and a sandbox CSP", async () => {
    const { cookie } = await signUp();
    // Declared as text/html: the type served comes from the bytes (FLAC), never from the client.
    const { id } = await readJson(
      await upload(cookie, await testFile("jfk.flac"), "jfk.flac", "text/html"),
      transcriptionSchema,
    );
    const res = await api(`/api/transcriptions/${id}/media`, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("audio/flac");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
    await res.body?.cancel();
  });
});

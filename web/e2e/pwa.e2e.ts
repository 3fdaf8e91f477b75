import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerViaApi } from "./support/api";
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP, newContext, newPage, watchContext } from "./support/browser";
import { BASE_URL } from "./support/env";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const LANDING_JS_BUDGET_BYTES = 200 * 1024;

describe("progressive web app", () => {
  it("has a manifest with the app's name, theme and real icons", async () => {
    const context = await newContext();
    const manifest = await (await context.request.get("/manifest.webmanifest")).json();
    expect(manifest.name).toBe("Verbatim");
    expect(manifest.display).toBe("standalone");
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const expected = [
      ["/pwa-192.png", 192, "any"],
      ["/pwa-512.png", 512, "any"],
      ["/maskable-512.png", 512, "maskable"],
    ] as const;
    for (const [src, size, purpose] of expected) {
      expect(manifest.icons).toContainEqual(expect.objectContaining({ src, sizes: `${size}x${size}`, purpose }));
      const response = await context.request.get(src);
      expect(response.headers()["content-type"]).toBe("image/png");
      expect(pngSize(await response.body())).toEqual({ width: size, height: size });
    }
    await context.close();
  });

  it("is installable, and its service worker caches the app shell but never /api", async () => {
    // A real profile: Chromium never offers installation in an incognito-like context.
    const profile = mkdtempSync(join(tmpdir(), "verbatim-profile-"));
    const context = watchContext(
      await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
        baseURL: BASE_URL,
        viewport: DESKTOP,
      }),
    );
    await registerViaApi(context);
    const page = await newPage(context);
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Recent Transcriptions" }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain("/index.html");
    expect(cached.some((path) => path.startsWith("/assets/") && path.endsWith(".js"))).toBe(true);
    expect(cached.filter((path) => path.startsWith("/api/"))).toEqual([]);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it(`keeps the landing page's JavaScript within ${LANDING_JS_BUDGET_BYTES / 1024} KB gzipped`, async () => {
    const context = await newContext();
    const page = await newPage(context);
    const scripts = new Map<string, number>();
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      scripts.set(new URL(response.url()).pathname, gzipSync(await response.body(), { level: 9 }).length);
    });
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Sign up" }).waitFor();
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    console.log(`landing page JS: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.size} files`);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
    // Heavy or signed-in-only code stays out of it.
    expect([...scripts.keys()].filter((path) => /ffmpeg|db-|detail|upload/.test(path))).toEqual([]);
    await context.close();
  });
});

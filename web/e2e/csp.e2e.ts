import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { registerViaApi, uploadViaApi, waitUntilFinished } from "./support/api";
import { newContext, newPage } from "./support/browser";
import { JFK_MP3, JFK_VIDEO } from "./support/env";
import { clientContext } from "./support/session";

// Every screen under the app's Content-Security-Policy: a violation (an inline script or style, a worker,
// wasm or media from somewhere the policy does not allow) fails the screen. Chromium reports them both as a
// `securitypolicyviolation` event in the page and as a console error.

let member: BrowserContext;
let audioId: string;
let videoId: string;

beforeAll(async () => {
  member = await clientContext();
  await registerViaApi(member);
  audioId = (await uploadViaApi(member, JFK_MP3)).id;
  videoId = (await uploadViaApi(member, JFK_VIDEO, "video/mp4")).id;
  await waitUntilFinished(member, audioId);
  await waitUntilFinished(member, videoId);
});

async function watchedPage(context: BrowserContext) {
  const page = await newPage(context);
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation(v: string): void }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on("console", (m) => {
    if (/Content Security Policy|Permissions-Policy/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
  return { page, violations };
}

/** Opens every tab the screen has, so their panels render under the policy too. */
async function openEveryTab(page: Page) {
  const tabs = page.getByRole("tab");
  for (let i = 0; i < (await tabs.count()); i++) {
    await tabs.nth(i).click();
    await expect.poll(() => tabs.nth(i).getAttribute("aria-selected")).toBe("true");
    await settled(page);
  }
}

/**
 * Returns once the page has rendered twice more: what the last change loads has been asked for by then, and a
 * refusal's report (an event over the same DevTools connection as this answer) has reached the test.
 */
function settled(page: Page) {
  return page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

const PUBLIC = ["/", "/home", "/pricing", "/login", "/register", "/auth", "/google-oauth-help", "/nowhere"];
const SIGNED_IN = [
  "/dashboard",
  "/upload",
  "/settings",
  "/calendar",
  "/integrations",
  "/subscription",
  "/subscription/success",
  "/transcription/:audio",
  "/transcription/:video",
];

describe("the Content-Security-Policy (finding 4)", () => {
  it.each([...PUBLIC.map((p) => [p, false] as const), ...SIGNED_IN.map((p) => [p, true] as const)])(
    "%s loads with no violation",
    async (path, signedIn) => {
      const context = signedIn ? member : await newContext();
      const { page, violations } = await watchedPage(context);
      const response = await page.goto(path.replace(":audio", audioId).replace(":video", videoId));
      expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
      await page.locator("#root > *").first().waitFor();
      await page.waitForLoadState("load");
      await openEveryTab(page);
      await settled(page);
      expect(violations).toEqual([]);
      await page.close();
      if (!signedIn) await context.close();
    },
  );

  it("plays a recording with captions under the policy", async () => {
    const { page, violations } = await watchedPage(member);
    await page.goto(`/transcription/${videoId}`);
    const video = page.locator("video");
    await video.waitFor();
    await video.evaluate((v: HTMLVideoElement) => v.play());
    await page.waitForFunction(() => (document.querySelector("video")?.currentTime ?? 0) > 0.5, undefined, {
      timeout: 15_000,
    });
    expect(violations).toEqual([]);
    await page.close();
  });
});

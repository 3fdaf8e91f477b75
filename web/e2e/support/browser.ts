import { mkdirSync } from "node:fs";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { BASE_URL, SCREENSHOT_DIR } from "./env";

export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // The player test presses play programmatically after a click; no gesture heuristics in the way.
  "--autoplay-policy=no-user-gesture-required",
];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The browser of the run, launched by the fixture (fixture.ts, a setup file of every e2e file) for the first
 * file and kept for the next ones, which run one after another in the same process (vitest.config.ts): a
 * Chromium start for each file cost about half a second. Playwright closes it when the process exits. Read it
 * inside hooks and tests, never at module load, when it is not launched yet.
 */
export let browser: Browser;

export async function launchSharedBrowser() {
  // Each file starts as it did with a browser of its own: nothing logged before it counts against its tests.
  takePageErrors();
  if (browser?.isConnected()) return;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Closes every context a file leaves open, as closing its own browser did; the next file gets a browser as new. */
export async function closeSharedBrowser() {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 812 };

export async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: DESKTOP, acceptDownloads: true, ...options });
  context.setDefaultTimeout(15_000);
  // wrangler dev now and then resets a kept-alive connection just as a request reuses it (a CI run failed on
  // ECONNRESET for the GET after an upload). A GET is safe to send again; Playwright retries only that error.
  const get = context.request.get.bind(context.request);
  context.request.get = (url, options) => get(url, { maxRetries: 2, ...options });
  return watchContext(context);
}

export function newPage(context: BrowserContext): Promise<Page> {
  return context.newPage();
}

// What the pages logged as errors since the last test ended, and what the running test allows.
let logged: string[] = [];
let allowed: RegExp[] = [];

/**
 * Records every error the context's pages show: uncaught exceptions, console errors, requests that failed on
 * the network, server errors (5xx) and missing static files (4xx outside /api, where 4xx is an answer the app
 * handles). Each is a line naming the URL, so one pattern can allow it. The fixture fails the test with them.
 */
export function watchContext<T extends BrowserContext>(context: T): T {
  context.on("weberror", (e) => logged.push(`uncaught ${e.error().stack ?? e.error().message} on ${e.page()?.url()}`));
  context.on("console", (m) => {
    // Chromium logs every 4xx/5xx and network failure as "Failed to load resource": judged below instead.
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) {
      logged.push(`console.error "${m.text()}" at ${m.location().url || m.page()?.url()}`);
    }
  });
  context.on("requestfailed", (r) => {
    const reason = r.failure()?.errorText ?? "";
    // Aborted: a navigation or the app itself cancelled it (a query superseded, an upload stopped).
    if (reason !== "net::ERR_ABORTED") logged.push(`request failed: ${r.method()} ${r.url()} ${reason}`);
  });
  context.on("response", (r) => {
    const status = r.status();
    if (status >= 500 || (status >= 400 && !new URL(r.url()).pathname.startsWith("/api/"))) {
      logged.push(`HTTP ${status} for ${r.request().method()} ${r.url()}`);
    }
  });
  return context;
}

/**
 * Waits until the app has drawn over a page's prerendered first screen (main.tsx drops #root's `data-prerendered`).
 * The drawn layout is already there when a signed-in page opens, and the app's first render replaces it: a reading
 * that does not wait (a bounding box, a count) may otherwise measure the copy as it goes.
 */
export async function appStarted(page: Page) {
  await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached", timeout: 60_000 });
}

/**
 * Lets the running test's pages log errors matching a pattern: only for errors the test provokes on purpose
 * (a server error it fakes, the network it takes away), each with the reason beside the call.
 */
export function allowPageErrors(...patterns: RegExp[]) {
  allowed.push(...patterns);
}

/** The errors logged since the last call that no pattern allows; resets the allow-list for the next test. */
export function takePageErrors(): string[] {
  const unexpected = logged.filter((line) => !allowed.some((p) => p.test(line)));
  logged = [];
  allowed = [];
  return unexpected;
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/**
 * Moves the page's fake clock (installed with page.clock.install() before its first navigation) on by `ms`,
 * firing every timer that falls due, then sends one request of the page's own: a request those timers started
 * has reached the network (and any page.route handler) before that one's answer is back. Waits for polling
 * or its absence without waiting in real time.
 */
export async function runClock(page: Page, ms: number) {
  await page.clock.runFor(ms);
  await page.evaluate(() => fetch("/api/health").then((r) => r.status));
}

/** The one visible toast (spec: one at a time). */
export const toast = (page: Page) => page.getByTestId("toast");

/** Slows the page's uploads (Chromium network emulation), so progress, stopping and reloads can be watched. */
export async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

import { mkdirSync } from "node:fs";
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page, chromium } from "playwright-core";
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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 812 };

export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: DESKTOP, acceptDownloads: true, ...options });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Page errors fail the test that caused them: an uncaught exception is a bug a user would hit. */
export async function newPage(context: BrowserContext): Promise<Page & { errors: string[] }> {
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on("pageerror", (error) => page.errors.push(error.message));
  return page;
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/** The one visible toast (spec: one at a time). */
export const toast = (page: Page) => page.getByTestId("toast");

import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerViaApi, uploadViaApi, waitUntilFinished } from "./support/api";
import { seriousViolations } from "./support/axe";
import { DESKTOP, newContext, newPage, PHONE, screenshot } from "./support/browser";
import { JFK_MP3 } from "./support/env";

let signedIn: BrowserContext;
let transcriptionId: string;

beforeAll(async () => {
  signedIn = await newContext();
  await registerViaApi(signedIn);
  transcriptionId = (await uploadViaApi(signedIn, JFK_MP3)).id;
  await waitUntilFinished(signedIn, transcriptionId);
});

interface Screen {
  name: string;
  path: string | (() => string);
  signedIn: boolean;
  /** Waits for the screen's content, then optionally opens something (a dialog, a menu, a tab). */
  ready: (page: Page) => Promise<unknown>;
}

const SCREENS: Screen[] = [
  { name: "landing", path: "/", signedIn: false, ready: (p) => p.getByRole("link", { name: "Sign up" }).waitFor() },
  { name: "login", path: "/login", signedIn: false, ready: (p) => p.getByRole("button", { name: "Log in" }).waitFor() },
  {
    name: "register",
    path: "/register",
    signedIn: false,
    // With the validation messages showing: errors must be announced and readable too.
    ready: async (p) => {
      await p.getByRole("button", { name: "Create account" }).click();
      await p.getByText("Please enter a valid email").waitFor();
    },
  },
  { name: "auth", path: "/auth", signedIn: false, ready: (p) => p.getByRole("tab", { name: "Register" }).waitFor() },
  { name: "not-found", path: "/nowhere", signedIn: false, ready: (p) => p.getByText("Page not found").waitFor() },
  {
    name: "dashboard",
    path: "/dashboard",
    signedIn: true,
    ready: (p) => p.getByTestId("transcription-card").first().waitFor(),
  },
  {
    name: "dashboard-export-dialog",
    path: "/dashboard",
    signedIn: true,
    ready: async (p) => {
      await p.getByRole("button", { name: "Download jfk.mp3" }).click();
      await p.getByRole("dialog", { name: "Export Options" }).waitFor();
    },
  },
  {
    name: "dashboard-delete-dialog",
    path: "/dashboard",
    signedIn: true,
    ready: async (p) => {
      await p.getByRole("button", { name: "Delete jfk.mp3" }).click();
      await p.getByRole("dialog", { name: "Are you sure?" }).waitFor();
    },
  },
  {
    name: "upload",
    path: "/upload",
    signedIn: true,
    ready: async (p) => {
      await p.getByTestId("file-input").setInputFiles(JFK_MP3);
      await p.getByTestId("upload-row").waitFor();
    },
  },
  {
    name: "transcription-detail",
    path: () => `/transcription/${transcriptionId}`,
    signedIn: true,
    ready: (p) => p.getByRole("list", { name: "Full transcript" }).waitFor(),
  },
  {
    name: "transcription-analysis",
    path: () => `/transcription/${transcriptionId}`,
    signedIn: true,
    ready: async (p) => {
      await p.getByRole("tab", { name: "Details" }).click();
      await p.getByRole("tabpanel").waitFor();
    },
  },
];

describe.each([
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const)("accessibility and layout on %s", (device, viewport) => {
  let visitor: BrowserContext;
  let member: BrowserContext;
  beforeAll(async () => {
    visitor = await newContext({ viewport });
    member = await newContext({ viewport, storageState: await signedIn.storageState() });
  });
  afterAll(async () => {
    await visitor.close();
    await member.close();
  });

  it.each(SCREENS.map((s) => [s.name, s] as const))(
    "%s has no serious or critical axe violations",
    async (name, screen) => {
      const page = await newPage(screen.signedIn ? member : visitor);
      await page.goto(typeof screen.path === "function" ? screen.path() : screen.path);
      await screen.ready(page);
      // Entry animations and toasts finish first, so colours are measured as shown (endless ones, spinners, excepted).
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      );
      expect(await seriousViolations(page)).toEqual([]);
      // Nothing scrolls sideways, down to 375 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `${name}-${device}`);
      await page.close();
    },
  );
});

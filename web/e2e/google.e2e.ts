import { serverUrlSchema } from "@verbatim/shared/server-url";
import { publicUserSchema } from "@verbatim/shared/user";
import { phrasePattern } from "@verbatim/testing/stable-words";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { readJson, waitUntilFinished } from "./support/api";
import { newPage, toast } from "./support/browser";
import { BASE_URL } from "./support/env";
import { solidPng } from "./support/png";
import { clientContext, logOut } from "./support/session";

// The real Google flows in Chromium: the app (wrangler dev) talks to oauth2-mock-server and the Calendar/Drive
// fake that scripts/test.mjs starts (E2E_GOOGLE_MOCK_ORIGIN); the browser "is signed in to Google" through
// the fake's cookie. Without the fakes (an app started by hand without Google) there is nothing to test.
const GOOGLE = process.env.E2E_GOOGLE_MOCK_ORIGIN;

let ctx: BrowserContext;
let page: Page;
const email = `grace.${Date.now().toString(36)}@example.com`;

beforeAll(async () => {
  ctx = await clientContext();
  if (GOOGLE) await ctx.addCookies([{ name: "fake_google_user", value: email, url: GOOGLE }]);
  // The ID token's photo is on Google's image host, which the app's CSP allows and this offline machine cannot
  // reach: the browser gets a real image from there, as it would from Google.
  await ctx.route("https://lh3.googleusercontent.com/**", (route) =>
    route.fulfill({ contentType: "image/png", body: solidPng(96, 96, [66, 133, 244]) }),
  );
  page = await newPage(ctx);
});

const me = async () => readJson(await ctx.request.get("/api/user"), publicUserSchema);
const chooseView = (name: string) => page.getByRole("radio", { name }).check({ force: true });

describe.skipIf(!GOOGLE)("Google in the browser, against the Google fakes", () => {
  let userId = "";

  it("signs up with Google → /dashboard, and signs the same account in again", async () => {
    await page.goto("/register");
    await page.getByRole("link", { name: "Sign up with Google" }).click();
    await page.waitForURL(`${BASE_URL}/dashboard`);
    const user = await me();
    expect(user.email).toBe(email);
    expect(user.username).toMatch(/^grace\./);
    userId = user.id;

    await logOut(page);
    await page.goto("/login");
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await page.waitForURL(`${BASE_URL}/dashboard`);
    expect((await me()).id).toBe(userId);
  });

  it("connects the calendar from Settings and comes back there", async () => {
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Account" }).click();
    await page.getByText("Not connected", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Connect" }).click();
    await page.waitForURL(`${BASE_URL}/settings`);
    await page.getByRole("tab", { name: "Account" }).click();
    await page.getByText(`Connected as ${email}`).waitFor();
  });

  it("disconnects and connects again from Integrations", async () => {
    await page.goto("/integrations");
    await page.getByText(`Connected as ${email}`).waitFor();
    await page.getByRole("button", { name: "Disconnect" }).click();
    await toast(page).filter({ hasText: "Google disconnected" }).waitFor();
    await page.getByText("Not connected", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Connect Google Account" }).click();
    await page.waitForURL(`${BASE_URL}/integrations`);
    await page.getByText(`Connected as ${email}`).waitFor();
  });

  it("shows the calendar's events in month, week, day and list views", async () => {
    await page.goto("/calendar");
    await page.getByRole("heading", { name: "Google Meet Calendar", level: 1 }).waitFor();
    expect(await page.getByText("Not Connected").count()).toBe(0);
    await page
      .getByRole("button", { name: /Design review/ })
      .first()
      .waitFor();
    await chooseView("Week");
    await page
      .getByRole("button", { name: /Design review/ })
      .first()
      .waitFor();
    await chooseView("Day");
    await page
      .getByRole("button", { name: /Design review/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByRole("link", { name: /Join with Google Meet/ }).getAttribute("href")).toBe(
      "https://meet.google.com/abc-defg-hij",
    );
    await dialog.getByText("PIN: 123456789").waitFor();
    await page.keyboard.press("Escape");
    // The list shows upcoming meetings only.
    await page.getByRole("radio", { name: "List" }).check({ force: true });
    await page
      .getByRole("button", { name: /Customer call/ })
      .first()
      .waitFor();
    await page
      .getByRole("button", { name: /Quarterly planning/ })
      .first()
      .waitFor();
  });

  it("creates a meeting with a Meet link", async () => {
    await page.goto("/calendar");
    await page.getByRole("button", { name: "New Meeting" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title").fill("Launch review");
    await dialog.getByLabel("Attendees").fill("ada@example.com");
    await dialog.getByRole("button", { name: /Create/ }).click();
    await toast(page).filter({ hasText: "Meeting created" }).waitFor();
    expect(await toast(page).filter({ hasText: "Meeting created" }).textContent()).toMatch(
      /https:\/\/meet\.google\.com\/[a-z0-9]{3}-[a-z0-9]{4}-[a-z0-9]{3}/,
    );
    await chooseView("Day");
    await page.getByRole("radio", { name: "List" }).check({ force: true });
    await page
      .getByRole("button", { name: /Launch review/ })
      .first()
      .click();
    const href = await page
      .getByRole("dialog")
      .getByRole("link", { name: /Join with Google Meet/ })
      .getAttribute("href");
    expect(href).toMatch(/^https:\/\/meet\.google\.com\//);
    await page.keyboard.press("Escape");
  });

  /** Yesterday's "Weekly sync" (the fake calendar's past meeting with a recording), opened in its dialog. */
  async function openPastWeeklySync() {
    await page.goto("/calendar");
    await chooseView("Day");
    await page.getByRole("button", { name: "Previous day" }).click();
    await page
      .getByRole("button", { name: /Weekly sync/ })
      .first()
      .click();
  }

  it("transcribes a past meeting's recording straight from Drive", async () => {
    await openPastWeeklySync();
    await page.getByRole("dialog").getByRole("button", { name: "Transcribe recording" }).click();
    // Drive read access is asked for now (a full-page trip to Google), then the transcription opens.
    await page.waitForURL(/\/transcription\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    const id = page.url().split("/").pop() as string;
    expect((await waitUntilFinished(ctx, id)).status).toBe("COMPLETED");
    await page.getByText(phrasePattern()).first().waitFor({ timeout: 30_000 });

    await openPastWeeklySync();
    expect(await page.getByRole("dialog").getByRole("link", { name: "Open transcript" }).getAttribute("href")).toBe(
      `/transcription/${id}`,
    );
    await page.keyboard.press("Escape");
  });

  it("disconnect → Not connected", async () => {
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Account" }).click();
    await page.getByRole("button", { name: "Disconnect" }).click();
    await page.getByText("Not connected", { exact: true }).waitFor();
    await page.goto("/calendar");
    await page.getByText("Not Connected").first().waitFor();
  });

  it("a failed connection comes back with the spec's message", async () => {
    await page.goto("/integrations?error=google_auth_failed");
    await toast(page).filter({ hasText: "Google authentication failed. Please try again." }).waitFor();
    await page.waitForURL(`${BASE_URL}/integrations`);
  });
});

describe("a server without Google credentials", () => {
  it("says so on the Google buttons and links to the setup guide with the exact redirect URI", async () => {
    const c = await clientContext();
    // The answer such a server gives (worker tests cover the server side of it).
    await c.route("**/api/server-url", async (route) => {
      const body = await readJson(await route.fetch(), serverUrlSchema);
      return route.fulfill({ json: { ...body, googleConfigured: false } });
    });
    const p = await newPage(c);
    await p.goto("/login");
    await p.getByText("Google sign-in isn't configured on this server.").waitFor();
    expect(await p.getByRole("link", { name: "Continue with Google" }).count()).toBe(0);
    await p.getByRole("link", { name: "How to set it up" }).click();
    await p.waitForURL(`${BASE_URL}/google-oauth-help`);
    await p.getByText(`${BASE_URL}/api/auth/google/callback`).first().waitFor();
    await c.close();
  });
});

import { describe, expect, it } from "vitest";
import { registerViaApi, uploadViaApi } from "./support/api";
import { allowPageErrors, newContext, newPage, screenshot } from "./support/browser";
import { JFK_MP3 } from "./support/env";
import { queuedUploads } from "./support/idb";

// Issue 34: an upload the server refuses (402: the month's transcriptions used up, on another device) is never
// dropped, whether it was queued offline and refused when the connection returned or chosen online: the list shows
// it with the reason, a real link to the plans, "Try again" and "Remove", and so it does after a reload.

/** A WAV of `seconds` of silence (8 kHz, 8-bit mono): a real recording whose length the browser reads. */
function silentWav(seconds: number) {
  const samples = 8000 * seconds;
  const wav = Buffer.alloc(44 + samples, 0x80);
  wav.write("RIFF", 0);
  wav.writeUInt32LE(36 + samples, 4);
  wav.write("WAVEfmt ", 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(8000, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write("data", 36);
  wav.writeUInt32LE(samples, 40);
  return wav;
}

describe("the plan's length limit", () => {
  it("marks a recording over 5 minutes with its length before anything is sent, and skips it", async () => {
    const context = await newContext();
    await registerViaApi(context);
    const page = await newPage(context);
    await page.goto("/upload");
    await page.getByTestId("plan-usage").waitFor();
    await page
      .getByTestId("file-input")
      .setInputFiles({ name: "long.wav", mimeType: "audio/wav", buffer: silentWav(6 * 60 + 5) });
    const row = page.locator('[data-testid="upload-row"][data-over-limit]');
    await row.getByText(/^This recording is 06:05 long; the Free plan transcribes up to 5 minutes/).waitFor();
    expect(await row.getByRole("link", { name: "Upgrade to Pro" }).getAttribute("href")).toBe("/subscription");
    await page
      .getByTestId("plan-limits")
      .getByText(/longer than the Free plan's 5 minutes/)
      .waitFor();
    expect(await page.getByRole("button", { name: "Upload & Transcribe" }).isDisabled()).toBe(true);
    await screenshot(page, "upload-over-length");
    await context.close();
  });
});

describe("a queued upload refused on reconnect", () => {
  it("stays on the transcriptions list with its reason, also after a reload", async () => {
    const context = await newContext();
    await registerViaApi(context);
    const page = await newPage(context);
    await page.goto("/upload");
    await page.getByTestId("plan-usage").getByText("0 of 3 free transcriptions used this month").waitFor();
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });

    allowPageErrors(/net::ERR_INTERNET_DISCONNECTED$/, /HTTP 402 /, /status of 402/);
    await context.setOffline(true);
    await page.getByTestId("file-input").setInputFiles(JFK_MP3);
    await page.getByRole("button", { name: "Upload & Transcribe" }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="upload-row"]')?.getAttribute("data-status") === "queued",
    );
    // Meanwhile the month's three are used elsewhere (the API client is not the page: it is online).
    for (let i = 0; i < 3; i++) await uploadViaApi(context, JFK_MP3);

    await page.getByRole("link", { name: "Transcripts", exact: true }).first().click();
    await page.waitForURL(/\/dashboard$/);
    const pending = page.getByTestId("pending-upload");
    await pending.filter({ hasText: "jfk.mp3" }).waitFor();
    expect(await pending.getAttribute("data-status")).toBe("queued");

    await context.setOffline(false);
    const refused = page.locator('[data-testid="pending-upload"][data-status="error"]');
    await refused.getByText(/this month's are used up/).waitFor({ timeout: 30_000 });
    expect(await refused.getByRole("link", { name: "see plans" }).getAttribute("href")).toBe("/subscription");
    await refused.getByRole("button", { name: "Try uploading jfk.mp3 again" }).waitFor();
    await refused.getByRole("button", { name: "Remove jfk.mp3" }).waitFor();
    // Still three: the refused file was not counted, and it was not sent twice.
    expect(((await (await context.request.get("/api/transcriptions")).json()) as unknown[]).length).toBe(3);
    await screenshot(page, "upload-refused-on-reconnect");

    await page.reload();
    await page
      .locator('[data-testid="pending-upload"][data-status="error"]')
      .getByText(/this month's are used up/)
      .waitFor({ timeout: 15_000 });
    // Kept until the user removes it.
    await page.getByRole("button", { name: "Remove jfk.mp3" }).click();
    await page.getByTestId("pending-uploads").waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByTestId("pending-uploads").count()).toBe(0);
    await context.close();
  });
});

describe("an upload refused when chosen online", () => {
  it("stays on the upload screen and under the list's heading, with its reason, until removed", async () => {
    const context = await newContext();
    await registerViaApi(context);
    const page = await newPage(context);
    await page.goto("/upload");
    await page.getByTestId("plan-usage").getByText("0 of 3 free transcriptions used this month").waitFor();
    // Meanwhile the month's three are used elsewhere: this screen still counts none used, and sends the file.
    for (let i = 0; i < 3; i++) await uploadViaApi(context, JFK_MP3);

    allowPageErrors(/HTTP 402 /, /status of 402/);
    await page.getByTestId("file-input").setInputFiles(JFK_MP3);
    await page.getByRole("button", { name: "Upload & Transcribe" }).click();
    const row = page.locator('[data-testid="upload-row"][data-status="error"]');
    await row.getByText(/this month's are used up/).waitFor({ timeout: 30_000 });
    expect(await row.getByRole("link", { name: "see plans" }).getAttribute("href")).toBe("/subscription");
    // Kept on the device with the reason, so a reload or a browser restart shows it again.
    await expect
      .poll(async () => (await queuedUploads(page)).map((kept) => [kept.fileName, kept.failure?.status]), {
        timeout: 15_000,
      })
      .toEqual([["jfk.mp3", 402]]);

    await page.reload();
    await page
      .locator('[data-testid="upload-row"][data-status="error"]')
      .getByText(/this month's are used up/)
      .waitFor({ timeout: 15_000 });

    await page.goto("/dashboard");
    const refused = page.locator('[data-testid="pending-upload"][data-status="error"]');
    await refused.getByText(/this month's are used up/).waitFor({ timeout: 15_000 });
    await refused.getByRole("button", { name: "Try uploading jfk.mp3 again" }).waitFor();
    // Under the page's heading, not above it.
    const order = await page.evaluate(() => {
      const heading = document.querySelector("main h1");
      const panel = document.querySelector('[data-testid="pending-uploads"]');
      return heading && panel ? heading.compareDocumentPosition(panel) : 0;
    });
    expect(order & 4).toBe(4); // Node.DOCUMENT_POSITION_FOLLOWING
    await screenshot(page, "upload-refused-online");

    await refused.getByRole("button", { name: "Remove jfk.mp3" }).click();
    await page.getByTestId("pending-uploads").waitFor({ state: "detached" });
    await expect.poll(async () => (await queuedUploads(page)).length, { timeout: 15_000 }).toBe(0);
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByTestId("pending-uploads").count()).toBe(0);
    await context.close();
  });
});

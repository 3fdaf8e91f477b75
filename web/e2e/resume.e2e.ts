import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { apiErrorSchema } from "@verbatim/shared/errors";
import { transcriptionSchema } from "@verbatim/shared/transcription";
import { resumableUploadSchema } from "@verbatim/shared/upload";
import { says } from "@verbatim/testing/stable-words";
import type { BrowserContext, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, registerViaApi, waitUntilFinished } from "./support/api";
import { seriousViolations } from "./support/axe";
import { newContext, newPage, screenshot, throttleUploads } from "./support/browser";
import { JFK_FLAC } from "./support/env";

/** From this size the browser uses the resumable upload API. */
const RESUMABLE_FROM = 100 * 1024 * 1024;

let context: BrowserContext;
let dir: string;
let recording: string;

beforeAll(async () => {
  // Big enough for the resumable API: the JFK clip as 8-channel 48 kHz float audio, padded with silence to
  // 72 s (≈110 MB). Silence costs the engine little: its VAD skips it.
  dir = mkdtempSync(join(tmpdir(), "verbatim-resume-"));
  recording = join(dir, "board-meeting.wav");
  execFileSync("sox", [
    JFK_FLAC,
    "-r",
    "48000",
    "-c",
    "8",
    "-b",
    "32",
    "-e",
    "floating-point",
    recording,
    "pad",
    "0",
    "61",
  ]);
  expect(statSync(recording).size).toBeGreaterThan(RESUMABLE_FROM);
  context = await newContext();
  await registerViaApi(context);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

/** Every part the page stores, by upload id, as the server acknowledges it. */
function recordParts(page: Page) {
  const stored: Array<{ uploadId: string; part: number }> = [];
  page.on("response", (response: Response) => {
    const match = /\/api\/uploads\/([^/]+)\/parts\/(\d+)$/.exec(response.url());
    if (match?.[1] && match[2] && response.request().method() === "PUT" && response.ok()) {
      stored.push({ uploadId: match[1], part: Number(match[2]) });
    }
  });
  return stored;
}

async function startUpload(page: Page) {
  // On loopback the whole file would be sent before the test could reload: slow the upload to 16 MB/s.
  await throttleUploads(page, 16 * 1024 * 1024);
  await page.goto("/upload");
  await page.getByTestId("file-input").setInputFiles(recording);
  // Compressing would send a few MB of speech audio; this is about the original's own resumable upload.
  await page.getByLabel("Compress audio in this browser before uploading").uncheck();
  await page.getByRole("button", { name: "Upload & Transcribe" }).click();
}

const unfinished = (page: Page) => page.getByRole("region", { name: "Unfinished uploads" });

describe("a large upload cut short by a reload", () => {
  it("continues when the same file is chosen again, sending only the parts the server lacks", async () => {
    const page = await newPage(context);
    const stored = recordParts(page);
    await startUpload(page);
    await expect.poll(() => stored.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
    await page.reload();
    // The reload cancelled what was in flight: from here on, what the page stores is the second visit's.
    const before = stored.splice(0);

    const uploadId = before[0]?.uploadId ?? "";
    const held = await readJson(await context.request.get(`/api/uploads/${uploadId}`), resumableUploadSchema);
    const heldParts = held.parts.map((p) => p.partNumber);
    expect(heldParts.length).toBeGreaterThanOrEqual(3);
    expect(heldParts.length).toBeLessThan(held.partCount);
    await unfinished(page).getByText("board-meeting.wav").waitFor();
    // How much the server already held as the page last heard: some parts, not the whole file.
    const progress = await unfinished(page)
      .getByText(/ MB of [\d.]+ MB sent$/)
      .textContent();
    const [sentMb, ofMb] = (progress ?? "").match(/[\d.]+/g)?.map(Number) ?? [];
    expect(sentMb).toBeGreaterThan(0);
    expect(sentMb).toBeLessThan(ofMb ?? 0);
    await screenshot(page, "upload-unfinished");
    expect(await seriousViolations(page)).toEqual([]);

    const after = stored;
    await page.getByTestId("file-input").setInputFiles(recording);
    // Chosen again, it shows as the file to send, not as unfinished.
    await unfinished(page).waitFor({ state: "detached" });
    const completed = page.waitForResponse((r) => /\/api\/uploads\/[^/]+\/complete$/.test(r.url()), {
      timeout: 120_000,
    });
    await page.getByRole("button", { name: "Upload & Transcribe" }).click();
    await page.getByText("File uploaded successfully! Redirecting...").waitFor({ timeout: 120_000 });
    const transcription = await readJson(await completed, transcriptionSchema);

    // Nothing the server had acknowledged is sent again, and only what it lacked is sent. (Parts in flight at
    // the reload may still have landed on the server: then they are not sent again either.)
    const sentBefore = before.map((p) => p.part);
    const sentAgain = after.map((p) => p.part);
    expect(new Set(after.map((p) => p.uploadId))).toEqual(new Set([uploadId]));
    expect(sentAgain.filter((n) => sentBefore.includes(n) || heldParts.includes(n))).toEqual([]);
    expect(sentAgain.length).toBeGreaterThan(0);
    expect(sentAgain.length).toBeLessThanOrEqual(held.partCount - heldParts.length);

    // The file put together from both visits is the recording, whole.
    const done = await waitUntilFinished(context, transcription.id);
    expect(done.status).toBe("COMPLETED");
    expect(says(done.text), done.text ?? "").toBe(true);
    expect(Math.abs((done.duration ?? 0) - 72)).toBeLessThan(0.5);

    await page.goto("/upload");
    await page.getByRole("heading", { name: "Upload Audio or Video" }).waitFor();
    expect(await unfinished(page).count()).toBe(0);
  });

  it("can be discarded instead: the server lets go of its parts", async () => {
    const page = await newPage(context);
    const before = recordParts(page);
    await startUpload(page);
    await expect.poll(() => before.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    await page.reload();

    await unfinished(page).getByRole("button", { name: "Discard board-meeting.wav" }).click();
    await unfinished(page).waitFor({ state: "detached" });
    const response = await context.request.get(`/api/uploads/${before[0]?.uploadId}`);
    expect(response.status()).toBe(409);
    expect((await readJson(response, apiErrorSchema)).message).toBe("This upload is already aborted");
  });
});

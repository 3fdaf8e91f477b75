import { transcriptionSchema } from "@verbatim/shared/transcription";
import { says } from "@verbatim/testing/stable-words";
import type { BrowserContext, Page, Response } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { readJson, registerViaApi, waitUntilFinished } from "./support/api";
import { seriousViolations } from "./support/axe";
import { newContext, newPage, screenshot, throttleUploads } from "./support/browser";
import { JFK_VIDEO } from "./support/env";
import { compressedUploads } from "./support/idb";

// Issue 16 item 6: what ffmpeg.wasm made is kept on the device as it is made, so a compressed upload cut short
// by a reload continues without compressing again, and sends only what the server does not hold yet.

let context: BrowserContext;

beforeEach(async () => {
  context = await newContext();
  await registerViaApi(context);
  return () => context.close();
});

/** Times ffmpeg.wasm was started in this page (the app marks each start on the performance timeline). */
const ffmpegRuns = (page: Page) => page.evaluate(() => performance.getEntriesByName("verbatim:ffmpeg").length);

/** Every request of the chunked upload the page sends, as "PUT chunk 0", "PUT media", "POST seal", "POST create". */
function recordUploadRequests(page: Page) {
  const sent: string[] = [];
  page.on("response", (response: Response) => {
    const path = new URL(response.url()).pathname;
    const method = response.request().method();
    if (!response.ok()) return;
    if (method === "POST" && path === "/api/transcriptions/chunked") sent.push("POST create");
    const chunk = /^\/api\/transcriptions\/[^/]+\/chunks\/(\d+)$/.exec(path);
    if (method === "PUT" && chunk) sent.push(`PUT chunk ${chunk[1]}`);
    if (method === "PUT" && /\/media$/.test(path)) sent.push("PUT media");
    if (method === "POST" && /\/chunks\/seal$/.test(path)) sent.push("POST seal");
  });
  return sent;
}

/** Starts a compressed upload of the video and reloads the page once the server has acknowledged its piece. */
async function cutShortAfterFirstPiece(page: Page) {
  // On loopback the whole upload would end before the reload: 16 KB/s leaves the recording itself in flight.
  const cdp = await throttleUploads(page, 16 * 1024);
  await page.goto("/upload");
  await page.getByTestId("file-input").setInputFiles(JFK_VIDEO);
  expect(await page.getByLabel("Compress audio in this browser before uploading").isChecked()).toBe(true);
  const firstPiece = page.waitForResponse(
    (r) => /\/api\/transcriptions\/[^/]+\/chunks\/0\?/.test(r.url()) && r.request().method() === "PUT" && r.ok(),
    { timeout: 120_000 },
  );
  await page.getByRole("button", { name: "Upload & Transcribe" }).click();
  const created = readJson(
    await page.waitForResponse((r) => r.url().endsWith("/api/transcriptions/chunked"), { timeout: 120_000 }),
    transcriptionSchema,
  );
  await firstPiece;
  // The receipt is written to the device just after the answer: reloading before would send the piece again.
  await expect.poll(() => compressedUploads(page), { timeout: 10_000 }).toMatchObject([{ sentChunks: [0] }]);
  expect(await ffmpegRuns(page)).toBe(1);
  await page.reload();
  await cdp.detach().catch(() => undefined);
  return (await created).id;
}

const unfinished = (page: Page) => page.getByRole("region", { name: "Unfinished uploads" });

describe("a compressed upload cut short by a reload", () => {
  it("continues from the device without compressing again, sending only what the server lacks", async () => {
    const page = await newPage(context);
    const sent = recordUploadRequests(page);
    const transcriptionId = await cutShortAfterFirstPiece(page);
    const before = sent.splice(0);
    expect(before).toEqual(["POST create", "PUT chunk 0"]);

    // The notice says how much is already sent: the piece, not yet the recording.
    const notice = unfinished(page);
    await notice.getByText("jfk_video.mp4").waitFor();
    await notice.getByText(/Compressed on this device · [\d.]+ KB of [\d.]+ KB sent/).waitFor();
    await screenshot(page, "upload-unfinished-compressed");
    expect(await seriousViolations(page)).toEqual([]);

    await notice.getByRole("button", { name: "Continue jfk_video.mp4" }).click();
    await page.getByText("File uploaded successfully! Redirecting...").waitFor({ timeout: 120_000 });
    // Nothing was compressed or sent twice: the same transcription got the recording and the seal.
    expect(await ffmpegRuns(page)).toBe(0);
    expect(sent).toEqual(["PUT media", "POST seal"]);

    const done = await waitUntilFinished(context, transcriptionId);
    expect(done.status).toBe("COMPLETED");
    expect(says(done.text), done.text ?? "").toBe(true);
    const all = await readJson(await context.request.get("/api/transcriptions"), transcriptionSchema.array());
    expect(all.map((t) => t.id)).toEqual([transcriptionId]);

    // It played: the recording the server holds is the compressed one sent after the reload.
    const media = await context.request.get(`/api/transcriptions/${transcriptionId}/media`);
    expect(media.headers()["content-type"]).toBe("audio/ogg");

    await page.goto("/upload");
    await page.getByRole("heading", { name: "Upload Audio or Video" }).waitFor();
    expect(await unfinished(page).count()).toBe(0);
    expect(await compressedUploads(page)).toEqual([]);
  });

  it("continues when the same file is chosen again, and can be discarded instead", async () => {
    const page = await newPage(context);
    const sent = recordUploadRequests(page);
    const first = await cutShortAfterFirstPiece(page);
    sent.splice(0);

    // Chosen again: it shows as the file to send, not as unfinished, and goes on from where it stopped.
    await unfinished(page).getByText("jfk_video.mp4").waitFor();
    await page.getByTestId("file-input").setInputFiles(JFK_VIDEO);
    await unfinished(page).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Upload & Transcribe" }).click();
    await page.getByText("File uploaded successfully! Redirecting...").waitFor({ timeout: 120_000 });
    expect(await ffmpegRuns(page)).toBe(0);
    expect(sent).toEqual(["PUT media", "POST seal"]);
    expect((await waitUntilFinished(context, first)).status).toBe("COMPLETED");

    // Another one, given up: the transcription that waited for its audio is deleted, and nothing is left here.
    const second = await cutShortAfterFirstPiece(page);
    await unfinished(page).getByRole("button", { name: "Discard jfk_video.mp4" }).click();
    await unfinished(page).waitFor({ state: "detached" });
    expect((await context.request.get(`/api/transcriptions/${second}`)).status()).toBe(404);
    expect(await compressedUploads(page)).toEqual([]);
    await page.reload();
    await page.getByRole("heading", { name: "Upload Audio or Video" }).waitFor();
    expect(await unfinished(page).count()).toBe(0);
  });
});

import { transcriptionSchema } from "@verbatim/shared/transcription";
import { phrasePattern } from "@verbatim/testing/stable-words";
import type { BrowserContext, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { readJson, registerViaApi, waitUntilFinished } from "./support/api";
import { newContext, newPage } from "./support/browser";
import { BASE_URL, JFK_VIDEO } from "./support/env";
import { laterLine } from "./support/transcript";

let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await newContext();
  await registerViaApi(context);
  page = await newPage(context);
  return () => context.close();
});

/** Uploads the video fixture from the upload screen and returns its transcription once finished. */
async function uploadVideo(compress: boolean) {
  await page.goto("/upload");
  await page.getByTestId("file-input").setInputFiles(JFK_VIDEO);
  const option = page.getByRole("checkbox", { name: /Compress audio in this browser before uploading/ });
  expect(await option.isChecked()).toBe(true);
  if (!compress) await option.uncheck();
  // Every status the row passes through, reported by the page as it changes (a short one is not missed).
  const states: string[] = [];
  await page.exposeFunction("reportUploadStatus", (status: string) => {
    if (states.at(-1) !== status) states.push(status);
  });
  await page.evaluate(() => {
    const report = (window as unknown as { reportUploadStatus(status: string): void }).reportUploadStatus;
    new MutationObserver(() => {
      const status = document.querySelector('[data-testid="upload-row"]')?.getAttribute("data-status");
      if (status) report(status);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-status"] });
  });
  await page.getByRole("button", { name: "Upload & Transcribe" }).click();
  await page.getByText("File uploaded successfully! Redirecting...").waitFor({ timeout: 120_000 });
  await page.waitForURL(`${BASE_URL}/`);
  const [listed] = await readJson(await context.request.get("/api/transcriptions"), transcriptionSchema.array());
  if (!listed) throw new Error("nothing was uploaded");
  await waitUntilFinished(context, listed.id);
  return { listed, states };
}

describe("compressing in the browser (ffmpeg.wasm)", () => {
  it("sends a video's speech as compressed audio in pieces, and keeps the video itself for playback", async () => {
    // What goes out: the pieces for recognition, and the recording for playback.
    const sent: Array<{ what: "chunk" | "media"; type: string }> = [];
    page.on("request", (request) => {
      const what = /\/chunks\/\d+/.test(request.url()) ? "chunk" : /\/media$/.test(request.url()) ? "media" : null;
      if (what && request.method() === "PUT") sent.push({ what, type: request.headers()["content-type"] ?? "" });
    });
    const { listed, states } = await uploadVideo(true);
    expect(states).toContain("compressing");
    const pieces = sent.filter((s) => s.what === "chunk");
    expect(pieces.length).toBeGreaterThan(0);
    for (const piece of pieces) expect(piece.type).toBe("audio/ogg");
    expect(sent.filter((s) => s.what === "media").map((s) => s.type)).toEqual(["video/mp4"]);
    // The video stays a video: its name, its type and its picture.
    expect(listed.file_name).toBe("jfk_video.mp4");
    expect(listed.file_type).toBe("video/mp4");
    const media = await context.request.get(`/api/transcriptions/${listed.id}/media`);
    expect(media.headers()["content-type"]).toBe("video/mp4");

    await page.goto(`/transcription/${listed.id}`);
    await page.getByRole("list", { name: "Full transcript" }).getByText(phrasePattern()).waitFor();
    expect(await page.locator("video").count()).toBe(1);
    const later = await laterLine(page);
    await later.button.click();
    await page.waitForFunction((at) => (document.querySelector("video")?.currentTime ?? 0) >= at, later.seconds);
  });

  it("sends the video as it is when the option is off, and plays it as a video", async () => {
    const { listed, states } = await uploadVideo(false);
    expect(states).not.toContain("compressing");
    expect(listed.file_type).toBe("video/mp4");
    await page.goto(`/transcription/${listed.id}`);
    await page.getByRole("list", { name: "Full transcript" }).waitFor();
    expect(await page.locator("video").count()).toBe(1);
  });
});

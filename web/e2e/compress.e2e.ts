import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registerViaApi, waitUntilFinished } from "./support/api";
import { launchBrowser, newContext, newPage } from "./support/browser";
import { BASE_URL, JFK_VIDEO } from "./support/env";

let browser: Browser;
let context: BrowserContext;
let page: Page & { errors: string[] };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await newContext(browser);
  await registerViaApi(context);
  page = await newPage(context);
  return () => context.close();
});

interface Listed {
  id: string;
  file_name: string;
  file_type: string;
}

/** Uploads the video fixture from the upload screen and returns its transcription once finished. */
async function uploadVideo(compress: boolean) {
  await page.goto("/upload");
  await page.getByTestId("file-input").setInputFiles(JFK_VIDEO);
  const option = page.getByRole("checkbox", { name: /Compress audio in this browser before uploading/ });
  expect(await option.isChecked()).toBe(true);
  if (!compress) await option.uncheck();
  const states: string[] = [];
  const watch = setInterval(async () => {
    const status = await page.getByTestId("upload-row").getAttribute("data-status").catch(() => null);
    if (status && states[states.length - 1] !== status) states.push(status);
  }, 50);
  await page.getByRole("button", { name: "Upload & Transcribe" }).click();
  await page.getByText("File uploaded successfully! Redirecting...").waitFor({ timeout: 120_000 });
  clearInterval(watch);
  await page.waitForURL(`${BASE_URL}/`);
  const [listed] = (await (await context.request.get("/api/transcriptions")).json()) as Listed[];
  if (!listed) throw new Error("nothing was uploaded");
  await waitUntilFinished(context, listed.id);
  return { listed, states };
}

describe("compressing in the browser (ffmpeg.wasm)", () => {
  it("sends a video as compressed speech audio in pieces, which transcribes and plays", async () => {
    const { listed, states } = await uploadVideo(true);
    expect(states).toContain("compressing");
    // What reached the server is Opus audio, under the original name.
    expect(listed.file_name).toBe("jfk_video.mp4");
    expect(listed.file_type).toBe("audio/ogg");

    await page.goto(`/transcription/${listed.id}`);
    await page.getByRole("list", { name: "Full transcript" }).getByText(/ask not what your country can do for you/i).waitFor();
    expect(await page.locator("audio").count()).toBe(1);
    await page.getByRole("button", { name: "Play from 00:08" }).click();
    await page.waitForFunction(() => (document.querySelector("audio")?.currentTime ?? 0) >= 8);
    expect(page.errors).toEqual([]);
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

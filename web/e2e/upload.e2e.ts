import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { transcriptionSchema } from "@verbatim/shared/transcription";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readJson, registerViaApi } from "./support/api";
import { newContext, newPage, PHONE, screenshot, throttleUploads, toast } from "./support/browser";
import { BASE_URL, JFK_FLAC, JFK_MP3 } from "./support/env";
import { fakeTranscription } from "./support/fake-answers";

let dir: string;
const GB = 1024 ** 3;
const MB = 1024 ** 2;

/** Files of any size without using the disk: sparse files report their size but hold no blocks. */
function sparseFile(name: string, bytes: number) {
  const path = join(dir, name);
  writeFileSync(path, "");
  truncateSync(path, bytes);
  return path;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "verbatim-e2e-"));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  context = await newContext();
  await registerViaApi(context);
  page = await newPage(context);
  await page.goto("/upload");
  await page.getByRole("heading", { name: "Upload Audio or Video" }).waitFor();
  return () => context.close();
});

const rows = () => page.getByTestId("upload-row");
const inlineError = () => page.getByTestId("upload-error");
const choose = (...paths: string[]) => page.getByTestId("file-input").setInputFiles(paths);

describe("upload validation", () => {
  it("starts with the spec's texts and nothing to send", async () => {
    await page.getByText("Upload your file to get a transcription, summary, and key points.").waitFor();
    await page.getByText("Audio: MP3, WAV, M4A, AAC, FLAC, OGG").waitFor();
    await page.getByText("Video: MP4, WEBM, MOV, AVI").waitFor();
    expect(await page.getByRole("button", { name: "Upload & Transcribe" }).isDisabled()).toBe(true);
    // The button is disabled without a file; the form itself still refuses an empty submission.
    await page
      .locator("form[aria-label='Upload recordings']")
      .evaluate((form) => (form as HTMLFormElement).requestSubmit());
    expect(await inlineError().textContent()).toBe("Please select a file to upload.");
    await screenshot(page, "upload-empty");
  });

  it("refuses an empty file", async () => {
    await choose(sparseFile("silence.mp3", 0));
    expect(await inlineError().textContent()).toBe("File cannot be empty");
    await toast(page).filter({ hasText: "Invalid file" }).waitFor();
    expect(await toast(page).textContent()).toContain("File cannot be empty");
    // The invalid selection is cleared.
    expect(await rows().count()).toBe(0);
  });

  it("refuses a file that is neither audio nor video", async () => {
    const notes = join(dir, "notes.txt");
    writeFileSync(notes, "meeting notes");
    await choose(notes);
    expect(await inlineError().textContent()).toBe(
      "Supported formats: MP3, MP4, WAV, M4A, AAC, FLAC, WEBM, OGG, MOV, AVI",
    );
    await toast(page).filter({ hasText: "Invalid file" }).waitFor();
    expect(await rows().count()).toBe(0);
    await screenshot(page, "upload-invalid");
  });

  it("refuses a file over the 5GB resumable limit", async () => {
    await choose(sparseFile("all-hands.mp4", 5 * GB + 1));
    expect(await inlineError().textContent()).toBe("File size must be less than 5GB");
    expect(await rows().count()).toBe(0);
  });

  it("warns about large files and lists name, size and type; Remove takes a file off", async () => {
    await choose(sparseFile("board-meeting.mp3", 201 * MB));
    await toast(page).filter({ hasText: "Large file detected" }).waitFor();
    expect(await toast(page).textContent()).toContain("Processing may take longer for files over 200MB");
    expect(await rows().count()).toBe(1);
    const row = await rows().first().textContent();
    expect(row).toContain("board-meeting.mp3");
    expect(row).toContain("201.0 MB");
    expect(row).toContain("audio/mpeg");
    expect(await page.getByRole("button", { name: "Upload & Transcribe" }).isEnabled()).toBe(true);
    await page.getByRole("button", { name: "Remove board-meeting.mp3" }).click();
    expect(await rows().count()).toBe(0);
  });

  it("keeps the valid files of a mixed selection and names the refused ones", async () => {
    const notes = join(dir, "agenda.txt");
    writeFileSync(notes, "agenda");
    await choose(sparseFile("standup.m4a", 2 * MB), notes, sparseFile("retro.webm", 3 * MB));
    expect(await rows().count()).toBe(2);
    expect(await inlineError().textContent()).toBe(
      "agenda.txt: Supported formats: MP3, MP4, WAV, M4A, AAC, FLAC, WEBM, OGG, MOV, AVI",
    );
  });
});

describe("sending files", () => {
  it("offers the spoken language, the Settings one first, and sends the one chosen", async () => {
    const select = page.getByLabel("Spoken language");
    await choose(JFK_MP3);
    expect(await select.inputValue()).toBe("");
    // The Settings language (English by default) moves to the top once the preferences have loaded.
    await expect.poll(() => select.locator("option").nth(1).textContent(), { timeout: 10_000 }).toBe("English");
    await select.selectOption({ label: "German" });
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/transcriptions/upload"));
    await page.getByRole("button", { name: "Upload & Transcribe" }).click();
    const created = await readJson(await answer, transcriptionSchema);
    expect(created.language).toBe("de");
    await page.getByText("File uploaded successfully! Redirecting...").waitFor({ timeout: 30_000 });
  });

  it("sends several files at once, each with its own progress from the bytes sent", async () => {
    await throttleUploads(page, 400 * 1024);
    await choose(JFK_MP3, JFK_FLAC);
    expect(await rows().count()).toBe(2);
    // The large file's bar moves through intermediate values as its bytes go out: the page records each value
    // its bar shows, until it has three or the file is through.
    const intermediate = page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const seen = new Set<string>();
          const observer = new MutationObserver(() => {
            const row = [...document.querySelectorAll('[data-testid="upload-row"]')].find((r) =>
              r.textContent?.includes("jfk.flac"),
            );
            const value = row?.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow");
            if (value && value !== "0" && value !== "100") seen.add(value);
            if (seen.size >= 3 || row?.getAttribute("data-status") === "processing") {
              observer.disconnect();
              resolve([...seen]);
            }
          });
          observer.observe(document.body, {
            subtree: true,
            childList: true,
            attributes: true,
            attributeFilter: ["aria-valuenow", "data-status"],
          });
        }),
    );
    await page.getByRole("button", { name: "Upload & Transcribe" }).click();
    expect((await intermediate).length).toBeGreaterThanOrEqual(3);

    await page.getByText("File uploaded successfully! Redirecting...").waitFor({ timeout: 30_000 });
    await page.waitForURL(`${BASE_URL}/`);
    await page.getByTestId("transcription-card").filter({ hasText: "jfk.flac" }).waitFor();
    await page.getByTestId("transcription-card").filter({ hasText: "jfk.mp3" }).waitFor();
  });

  it("Stop cancels an upload in progress; nothing reaches the list", async () => {
    await throttleUploads(page, 50 * 1024);
    await choose(JFK_FLAC);
    await page.getByRole("button", { name: "Upload & Transcribe" }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="upload-row"]')?.getAttribute("data-status") === "uploading",
    );
    // Leaving mid-upload would lose it: the page asks the browser to confirm leaving.
    const leaving = () =>
      page.evaluate(() => {
        const event = new Event("beforeunload", { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(await leaving()).toBe(true);
    await page.getByRole("button", { name: "Stop uploading jfk.flac" }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="upload-row"]')?.getAttribute("data-status") === "error",
    );
    expect(await rows().textContent()).toContain("Upload aborted");
    // Said once, on its row: no toast over the screen that shows it.
    expect(await toast(page).filter({ hasText: "Upload Failed" }).count()).toBe(0);
    // It can be sent again, or removed.
    expect(await page.getByRole("button", { name: "Upload & Transcribe" }).isEnabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Try uploading jfk.flac again" }).isEnabled()).toBe(true);
    expect(await leaving()).toBe(false);
    await page.getByRole("button", { name: "Remove jfk.flac" }).click();
    expect(await rows().count()).toBe(0);
    const list = await (await context.request.get("/api/transcriptions")).json();
    expect(list).toEqual([]);
  });
});

describe("resumable upload of a recording over 500MB", () => {
  it("sends fixed-size parts three at a time, retries a failed part, then completes", async () => {
    const partSize = 8 * MB;
    const size = 520 * MB;
    const partCount = Math.ceil(size / partSize);
    let completed = 0;

    // The server side is simulated (moving 520MB through the test takes minutes); the shapes are the API's.
    // Creating and completing go through the browser's network stack; the part PUTs (XHR) are answered in the
    // page, which also counts how many are in flight at once and fails part 2 once.
    await page.route("**/api/uploads", async (route) => {
      expect(route.request().postDataJSON()).toEqual({
        fileName: "all-day-workshop.mp3",
        fileType: "audio/mpeg",
        size,
      });
      await route.fulfill({
        status: 201,
        json: { id: "up-1", fileName: "all-day-workshop.mp3", size, partSize, partCount, parts: [] },
      });
    });
    await page.route("**/api/uploads/up-1/complete", async (route) => {
      completed++;
      await route.fulfill({
        status: 201,
        json: fakeTranscription({
          id: "t-up-1",
          status: "PENDING",
          file_name: "all-day-workshop.mp3",
          progress_percentage: 0,
          text: null,
        }),
      });
    });
    await page.evaluate(() => {
      const w = window as unknown as { parts: Record<number, number[]>; inFlight: number; maxInFlight: number };
      w.parts = {};
      w.inFlight = 0;
      w.maxInFlight = 0;
      const open = XMLHttpRequest.prototype.open;
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.open = function (
        this: XMLHttpRequest & { partNumber?: number },
        method: string,
        url: string | URL,
      ) {
        const match = /\/api\/uploads\/up-1\/parts\/(\d+)$/.exec(String(url));
        this.partNumber = match ? Number(match[1]) : undefined;
        return open.call(this, method, url, true);
      } as typeof open;
      XMLHttpRequest.prototype.send = function (
        this: XMLHttpRequest & { partNumber?: number },
        body?: Document | XMLHttpRequestBodyInit | null,
      ) {
        const n = this.partNumber;
        if (n === undefined) return send.call(this, body);
        const bytes = (body as Blob).size;
        w.parts[n] = [...(w.parts[n] ?? []), bytes];
        const attempt = w.parts[n];
        w.inFlight++;
        w.maxInFlight = Math.max(w.maxInFlight, w.inFlight);
        const fail = n === 2 && attempt.length === 1;
        setTimeout(() => {
          w.inFlight--;
          this.upload.dispatchEvent(
            new ProgressEvent("progress", { lengthComputable: true, loaded: bytes, total: bytes }),
          );
          Object.defineProperty(this, "status", { value: fail ? 503 : 200 });
          Object.defineProperty(this, "responseText", {
            value: JSON.stringify(fail ? { message: "Try again" } : { partNumber: n, etag: `etag-${n}` }),
          });
          this.onload?.(new ProgressEvent("load"));
          this.onloadend?.(new ProgressEvent("loadend"));
        }, 40);
      } as typeof send;
    });

    await choose(sparseFile("all-day-workshop.mp3", size));
    expect(await rows().textContent()).toContain("resumable upload");
    await page.getByRole("button", { name: "Upload & Transcribe" }).click();
    await page.getByText("File uploaded successfully! Redirecting...").waitFor({ timeout: 60_000 });

    const { parts, maxInFlight } = await page.evaluate(() => {
      const w = window as unknown as { parts: Record<number, number[]>; maxInFlight: number };
      return { parts: w.parts, maxInFlight: w.maxInFlight };
    });
    // Every part once, with its exact size (the last one shorter); part 2 twice after its 503.
    expect(
      Object.keys(parts)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: partCount }, (_, i) => i + 1));
    for (const [n, attempts] of Object.entries(parts)) {
      expect(attempts.length).toBe(Number(n) === 2 ? 2 : 1);
      expect(attempts[0]).toBe(Number(n) === partCount ? size - partSize * (partCount - 1) : partSize);
    }
    expect(maxInFlight).toBe(3);
    expect(completed).toBe(1);
  });
});

describe("upload screen on a phone", () => {
  it("stacks the buttons under 768 px and does not scroll sideways", async () => {
    const phone = await newContext({ viewport: PHONE });
    await registerViaApi(phone);
    const small = await newPage(phone);
    await small.goto("/upload");
    await small.getByTestId("file-input").setInputFiles(sparseFile("interview.wav", 5 * MB));
    const cancel = await small.getByRole("button", { name: "Cancel" }).boundingBox();
    const submit = await small.getByRole("button", { name: "Upload & Transcribe" }).boundingBox();
    expect(cancel && submit).toBeTruthy();
    if (!cancel || !submit) return;
    expect(cancel.x).toBe(submit.x);
    expect(cancel.y).toBeLessThan(submit.y);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(small, "upload-phone");
    await phone.close();
  });
});

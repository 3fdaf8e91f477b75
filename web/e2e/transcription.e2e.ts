import { readFileSync } from "node:fs";
import { transcriptDocSchema } from "@verbatim/shared/transcript";
import { phrasePattern, says } from "@verbatim/testing/stable-words";
import type { BrowserContext, Download, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { readJson, registerViaApi } from "./support/api";
import { newContext, newPage, screenshot, toast } from "./support/browser";
import { BASE_URL, JFK_MP3 } from "./support/env";

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await newContext();
  await registerViaApi(context);
  page = await newPage(context);
});
// A step that failed with a dialog open must not block the next step.
afterEach(async () => {
  if (await page.locator("dialog[open]").count()) await page.keyboard.press("Escape");
});

const card = () => page.getByTestId("transcription-card").filter({ hasText: "jfk.mp3" });
const mediaTime = () => page.evaluate(() => document.querySelector("audio")?.currentTime ?? -1);
const downloadText = async (download: Download) => readFileSync((await download.path()) ?? "", "utf8");

// One recording through its whole life, in order: each step needs the previous one.
describe("a recording from upload to deletion", () => {
  it("uploads with real progress, then goes to the list after the success message", async () => {
    await page.goto("/upload");
    await page.getByTestId("file-input").setInputFiles(JFK_MP3);
    const row = page.getByTestId("upload-row");
    expect(await row.textContent()).toContain("jfk.mp3");
    expect(await row.textContent()).toContain("74.7 KB");

    // Record every state and progress value the row shows, as the user would see them, and when the
    // success message appeared and the app navigated away.
    await page.evaluate(() => {
      const w = window as unknown as { seen: string[]; successAt?: number; leftAt?: number };
      w.seen = [];
      const record = () => {
        const el = document.querySelector('[data-testid="upload-row"]');
        const bar = el?.querySelector('[role="progressbar"]');
        const entry = `${el?.getAttribute("data-status")}:${bar?.getAttribute("aria-valuenow") ?? "-"}`;
        if (el && w.seen[w.seen.length - 1] !== entry) w.seen.push(entry);
        if (
          w.successAt === undefined &&
          document.body.textContent?.includes("File uploaded successfully! Redirecting...")
        ) {
          w.successAt = performance.now();
        }
      };
      new MutationObserver(record).observe(document.body, { subtree: true, attributes: true, childList: true });
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History["pushState"]>) => {
        w.leftAt ??= performance.now();
        push(...args);
      };
    });
    await page.getByRole("button", { name: "Upload & Transcribe" }).click();
    await page.getByText("File uploaded successfully! Redirecting...").waitFor();
    await page.getByTestId("processing-overlay").getByText("Processing your transcription...").waitFor();
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    const states = [...new Set(seen.map((s) => s.split(":")[0]))];
    expect(states).toEqual(expect.arrayContaining(["preparing", "uploading", "processing"]));
    expect(states.indexOf("preparing")).toBeLessThan(states.indexOf("uploading"));
    expect(seen).toContain("processing:100");

    await page.waitForURL(`${BASE_URL}/`);
    // The success message stays for 1.5 s before the list.
    const { successAt, leftAt } = await page.evaluate(() => {
      const w = window as unknown as { successAt: number; leftAt: number };
      return { successAt: w.successAt, leftAt: w.leftAt };
    });
    expect(leftAt - successAt).toBeGreaterThanOrEqual(1450);
    expect(leftAt - successAt).toBeLessThan(2500);
    await card().waitFor();
  });

  it("shows the job's progress on the card and toasts when it completes", async () => {
    await card().getByText("Completed", { exact: true }).waitFor({ timeout: 180_000 });
    await toast(page).filter({ hasText: "Transcription complete" }).waitFor();
    expect(await toast(page).textContent()).toContain("jfk.mp3 has been processed successfully");
    expect(await card().textContent()).toMatch(/Uploaded on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/); // the default MM/DD/YYYY, 24h
    expect(await card().textContent()).toContain("Type: audio/mpeg");
    await screenshot(page, "dashboard-list");
  });

  it("opens the transcript, plays and seeks from a line, and follows keyboard shortcuts", async () => {
    await card().getByRole("link", { name: "View jfk.mp3" }).click();
    await page.waitForURL(/\/transcription\/[\w-]+$/);
    await page.getByRole("heading", { name: "jfk.mp3", level: 1 }).waitFor();
    const transcript = page.getByRole("list", { name: "Full transcript" });
    await transcript.getByText(phrasePattern()).waitFor();
    await screenshot(page, "transcription-detail");

    // Seek to the last timed line: the recording jumps there and plays, and that line is highlighted.
    const stamps = transcript.getByRole("button", { name: /^Play from / });
    const last = stamps.last();
    const label = (await last.getAttribute("aria-label")) ?? "";
    const [, mm, ss] = /(\d+):(\d+)/.exec(label) ?? [];
    const target = Number(mm) * 60 + Number(ss);
    expect(target).toBeGreaterThan(0);
    await last.click();
    await page.waitForFunction((t) => (document.querySelector("audio")?.currentTime ?? 0) >= t, target);
    await page.waitForFunction(() => document.querySelector("audio")?.paused === false);
    const line = last.locator("xpath=ancestor::li[1]");
    await page.waitForFunction((el) => el?.getAttribute("aria-current") === "true", await line.elementHandle());
    // In that line, the word playing is marked.
    const word = (await line.locator("mark[data-playing-word]").textContent()) ?? "";
    expect(word.trim().length).toBeGreaterThan(0);
    expect(await line.textContent()).toContain(word);

    // Keyboard: k pauses, j goes back 5 s (not in a text field).
    await page.locator("h1").click();
    await page.keyboard.press("k");
    await page.waitForFunction(() => document.querySelector("audio")?.paused === true);
    const before = await mediaTime();
    await page.keyboard.press("j");
    expect(await mediaTime()).toBeCloseTo(Math.max(0, before - 5), 0);
    // Typing in the search box is not a shortcut.
    await page.getByLabel("Search transcript").fill("jk");
    expect(await page.evaluate(() => document.querySelector("audio")?.paused)).toBe(true);
  });

  it("searches within the transcript, highlighting matches", async () => {
    // How often the lines say it is the recogniser's to decide (its one stable phrase says it once): the count
    // comes from the lines the API answers.
    const id = new URL(page.url()).pathname.split("/").pop() as string;
    const doc = await readJson(await context.request.get(`/api/transcriptions/${id}/segments`), transcriptDocSchema);
    const n = doc.segments.reduce((sum, s) => sum + s.text.toLowerCase().split("country").length - 1, 0);
    expect(n).toBeGreaterThanOrEqual(1);
    const search = page.getByLabel("Search transcript");
    await search.fill("country");
    const status = page.getByTestId("search-status");
    await status.getByText(`1 of ${n}`).waitFor();
    // Search marks, not the playing word's (the recording played in the test before).
    expect(await page.locator("mark[data-search-match]").count()).toBe(n);
    expect((await page.locator('mark[data-active-match="true"]').textContent())?.toLowerCase()).toBe("country");
    // Enter and Next match each go one on, from the last back to the first.
    const next = (k: number) => (k % n) + 1;
    await search.press("Enter");
    await status.getByText(`${next(1)} of ${n}`).waitFor();
    await page.getByRole("button", { name: "Next match" }).click();
    await status.getByText(`${next(next(1))} of ${n}`).waitFor();
    await search.fill("zebra");
    await status.getByText("No matches").waitFor();
    expect(await page.locator("mark[data-search-match]").count()).toBe(0);
    await search.fill("");
  });

  it("shows the analysis tabs and the formatted transcript", async () => {
    await page.getByRole("tab", { name: "Formatted" }).click();
    await page.getByRole("list", { name: /Formatted transcript|Full transcript/ }).waitFor();
    for (const [tab, empty] of [
      ["Summary", "No summary available."],
      ["Key Points", "No key points available."],
      ["Analysis", "No analysis available."],
      ["Details", "No detailed analysis available."],
    ] as const) {
      await page.getByRole("tab", { name: tab }).click();
      const panel = page.getByRole("tabpanel");
      await panel.waitFor();
      // The analysis ran: every tab has content, not its empty message.
      expect(await panel.textContent()).not.toContain(empty);
      expect((await panel.textContent())?.trim().length).toBeGreaterThan(10);
    }
    await page.getByRole("tab", { name: "Transcript" }).click();
  });

  it("exports TXT from the detail screen", async () => {
    await page.getByRole("button", { name: "Download" }).click();
    const dialog = page.getByRole("dialog", { name: "Export Options" });
    await dialog.getByText("Choose a file format to download your transcription.").waitFor();
    expect(
      await dialog.getByRole("radio").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    ).toEqual(["pdf", "docx", "txt", "csv", "srt", "vtt", "json"]);
    expect(await dialog.getByRole("radio", { name: /TXT/ }).isChecked()).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.txt$/);
    const text = await downloadText(download);
    expect(text).toContain("[00:00]");
    expect(says(text), text).toBe(true);
    await toast(page).filter({ hasText: "Download Started" }).waitFor();
    expect(await toast(page).textContent()).toContain("Your transcription is being downloaded as TXT");
  });

  it("renames from the list", async () => {
    await page.getByRole("link", { name: "Back to List" }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await card().getByRole("button", { name: "Rename jfk.mp3" }).click();
    const dialog = page.getByRole("dialog", { name: "Rename Transcription" });
    await dialog.getByText("Enter a new name for this transcription.").waitFor();
    const input = dialog.getByLabel("Name");
    expect(await input.inputValue()).toBe("jfk.mp3");
    expect(await input.getAttribute("placeholder")).toBe("Enter a descriptive name");
    await input.fill("   ");
    expect(await dialog.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await input.fill("Inaugural address");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page).filter({ hasText: "Rename successful" }).waitFor();
    expect(await toast(page).textContent()).toContain("The transcription name has been updated.");
    await page.getByRole("heading", { name: "Inaugural address" }).waitFor();
    expect(await dialog.isVisible()).toBe(false);
  });

  it("exports the selection as one ZIP and a single SRT from the list", async () => {
    const renamed = page.getByTestId("transcription-card").filter({ hasText: "Inaugural address" });
    await renamed.getByRole("checkbox", { name: "Select Inaugural address" }).check();
    await page.getByText("1 selected").waitFor();
    await page.getByRole("button", { name: "Export selected" }).click();
    const dialog = page.getByRole("dialog", { name: "Export Options" });
    expect(
      await dialog.getByRole("radio").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    ).toEqual(["pdf", "docx", "txt", "csv", "srt", "vtt", "json"]);
    const [zip] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Download" }).click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    expect(
      readFileSync((await zip.path()) ?? "")
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");

    await renamed.getByRole("button", { name: "Download Inaugural address" }).click();
    await dialog.getByRole("radio", { name: /SRT/ }).check();
    const [srt] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Download" }).click(),
    ]);
    // The download is named after the new name (name + _transcript).
    expect(srt.suggestedFilename()).toMatch(/^Inaugural address_transcript\.srt$/);
    expect(await downloadText(srt)).toMatch(/^1\r?\n00:00:00,000 --> /);
  });

  it("deletes after confirmation", async () => {
    const renamed = page.getByTestId("transcription-card").filter({ hasText: "Inaugural address" });
    await renamed.getByRole("button", { name: "Delete Inaugural address" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await dialog
      .getByText(
        "This will permanently delete this transcription and all associated data. This action cannot be undone.",
      )
      .waitFor();
    // Cancel keeps it.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await renamed.count()).toBe(1);
    await renamed.getByRole("button", { name: "Delete Inaugural address" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await toast(page).filter({ hasText: "Transcription deleted" }).waitFor();
    await page.getByRole("heading", { name: "No transcriptions yet" }).waitFor();
    await page.getByText("Get started by uploading an audio or video file.").waitFor();
  });
});

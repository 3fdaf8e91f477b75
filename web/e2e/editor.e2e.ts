import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { transcriptDocSchema, type TranscriptDoc } from "@verbatim/shared/transcript";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { readJson, registerViaApi, uploadViaApi, waitUntilFinished } from "./support/api";
import { newContext, newPage } from "./support/browser";
import { JFK_MP3 } from "./support/env";

let context: BrowserContext;
let id: string;
let machine: TranscriptDoc;

beforeAll(async () => {
  context = await newContext();
  await registerViaApi(context);
  ({ id } = await uploadViaApi(context, JFK_MP3));
  expect((await waitUntilFinished(context, id)).status).toBe("COMPLETED");
  machine = await segments();
});

async function segments(): Promise<TranscriptDoc> {
  return readJson(await context.request.get(`/api/transcriptions/${id}/segments`), transcriptDocSchema);
}

/** The text of the DOCX export as Word shows it: word/document.xml's text runs, tags dropped. */
async function docxText(): Promise<string> {
  const response = await context.request.get(`/api/transcriptions/${id}/export?format=docx`);
  expect(response.status()).toBe(200);
  const path = join(tmpdir(), `editor-e2e-${id}.docx`);
  writeFileSync(path, await response.body());
  const xml = execFileSync("unzip", ["-p", path, "word/document.xml"], { encoding: "utf8", timeout: 10_000 });
  return xml.replace(/<\/w:p>/g, "\n").replace(/<[^>]+>/g, "");
}

async function openEditor(page: Page) {
  await page.goto(`/transcription/${id}`);
  const edit = page.getByRole("button", { name: "Edit transcript" });
  const editor = page.getByRole("region", { name: "Transcript editor" });
  // Unsaved edits reopen the editor by themselves; otherwise the user opens it.
  await Promise.race([edit.waitFor(), editor.waitFor()]);
  if (await edit.isVisible()) await edit.click();
  await editor.waitFor();
  return editor;
}

const firstText = (page: Page) => page.getByRole("textbox", { name: /^Text at 00:00/ });

describe("the transcript editor", () => {
  it("edits a word while the recording plays, with the playing word marked, and saves it as version 2", async () => {
    const page = await newPage(context);
    const editor = await openEditor(page);
    await page.evaluate(() => void document.querySelector("audio")?.play());
    // The highlight follows the recording: a word is marked, then a later one.
    const marked = editor.locator("[data-playing-word]");
    await marked.first().waitFor({ timeout: 15_000 });
    const firstWord = await marked.textContent();
    await vi.waitFor(async () => expect(await marked.textContent()).not.toBe(firstWord), { timeout: 15_000 });

    const box = firstText(page);
    const before = await box.inputValue();
    expect(before).toContain("country");
    await box.fill(before.replace("country", "nation"));
    expect(await page.evaluate(() => document.querySelector("audio")?.paused)).toBe(false);
    await page.keyboard.press("Control+s");
    await editor.getByRole("status").filter({ hasText: "Saved (version 2)" }).waitFor();

    const saved = await segments();
    expect(saved.version).toBe(2);
    expect(saved.segments[0]?.text).toContain("nation");
    // Unchanged words keep the recogniser's times; the new word lies between its neighbours.
    const oldWords = machine.segments[0]?.words ?? [];
    const newWords = saved.segments[0]?.words ?? [];
    const changed = newWords.findIndex((w) => w.word === "nation");
    expect(changed).toBeGreaterThan(0);
    expect(newWords.slice(0, changed)).toEqual(oldWords.slice(0, changed));
    expect(newWords[changed]?.start).toBeGreaterThanOrEqual(newWords[changed - 1]?.end ?? 0);

    await page.reload();
    await page.getByRole("list", { name: "Full transcript" }).getByText(/your nation can do/).waitFor();
    await page.close();
  });
});

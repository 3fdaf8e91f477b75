import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type TranscriptDoc, transcriptDocSchema } from "@verbatim/shared/transcript";
import { phrasePattern, plainWords, says } from "@verbatim/testing/stable-words";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { readJson, registerViaApi, uploadViaApi, waitUntilFinished } from "./support/api";
import { seriousViolations } from "./support/axe";
import { newContext, newPage, toast } from "./support/browser";
import { JFK_MP3 } from "./support/env";

let context: BrowserContext;
let id: string;
let machine: TranscriptDoc;
/**
 * Which line says "ask not what your country can do for you", the recogniser's one stable phrase (its other words
 * vary with the CPU): segments follow the sentences, so it need not be the first.
 */
let ask: number;

beforeAll(async () => {
  context = await newContext();
  await registerViaApi(context);
  // These tests save by hand (Save, Ctrl+S) and keep unsaved edits: Settings › General › Auto-save off. Auto-save
  // on is src/settings-effects.test.tsx's.
  const manual = await context.request.put("/api/user/preferences", { data: { general: { autoSave: false } } });
  expect(manual.ok()).toBe(true);
  ({ id } = await uploadViaApi(context, JFK_MP3));
  expect((await waitUntilFinished(context, id)).status).toBe("COMPLETED");
  machine = await segments();
  ask = machine.segments.findIndex((s) => says(s.text));
  expect(ask).toBeGreaterThanOrEqual(0);
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

/** How long a change may take to show (a busy shared machine). */
const WAIT = { timeout: 15_000, interval: 100 };

const savedAs = (editor: Locator, version: number) =>
  editor
    .getByRole("status")
    .filter({ hasText: `Saved (version ${version})` })
    .waitFor({ timeout: 30_000 });

const firstText = (page: Page) => page.getByRole("textbox", { name: /^Text at 00:00/ });
const askText = (page: Page) => page.getByRole("textbox", { name: /^Text at / }).nth(ask);

describe("the transcript editor", () => {
  it("edits a word while the recording plays, with the playing word marked, and saves it as version 2", async () => {
    const page = await newPage(context);
    const editor = await openEditor(page);
    await page.evaluate(() => void document.querySelector("audio")?.play());
    // The highlight follows the recording: a word is marked, then a later one.
    const marked = editor.locator("[data-playing-word]");
    await marked.first().waitFor({ timeout: 30_000 });
    const firstWord = await marked.textContent();
    await vi.waitFor(async () => expect(await marked.textContent()).not.toBe(firstWord), { timeout: 30_000 });

    const box = askText(page);
    const before = await box.inputValue();
    expect(says(before), before).toBe(true);
    await box.fill(before.replace(/country/i, "nation"));
    expect(await page.evaluate(() => document.querySelector("audio")?.paused)).toBe(false);
    await page.keyboard.press("Control+s");
    await savedAs(editor, 2);
    // The page says who changed it and when, and the history names the author of each version.
    const history = page.getByText(/^Edited by .+, (now|\d+ seconds? ago|1 minute ago)$/);
    await history.waitFor(WAIT);
    await history.click();
    const versions = page.getByRole("list", { name: "Version history" });
    await versions.getByText(/^Version 2 · edited · .+ · /).waitFor(WAIT);
    await versions.getByText(/^Version 1 · transcribed · speech recognition · /).waitFor(WAIT);

    const saved = await segments();
    expect(saved.version).toBe(2);
    expect(says(saved.segments[ask]?.text, "ask not what your nation can do for you")).toBe(true);
    // Unchanged words keep the recogniser's times; the new word lies between its neighbours.
    const oldWords = machine.segments[ask]?.words ?? [];
    const newWords = saved.segments[ask]?.words ?? [];
    const changed = newWords.findIndex((w) => plainWords(w.word) === "nation");
    expect(changed).toBeGreaterThan(0);
    expect(newWords.slice(0, changed)).toEqual(oldWords.slice(0, changed));
    expect(newWords[changed]?.start).toBeGreaterThanOrEqual(newWords[changed - 1]?.end ?? 0);

    await page.reload();
    await page.getByRole("list", { name: "Full transcript" }).getByText(phrasePattern("your nation can do")).waitFor();
    await page.close();
  });
});

describe("splitting, speakers and exports", () => {
  it("splits a segment at the cursor, gives the second part a new speaker, and the DOCX shows the text and names", async () => {
    const page = await newPage(context);
    const editor = await openEditor(page);
    const box = askText(page);
    const text = await box.inputValue();
    // Inside the stable phrase (as the test above left it), before "can do for you".
    const upToCan = phrasePattern("ask not what your nation can").exec(text);
    expect(upToCan, text).not.toBeNull();
    const at = (upToCan?.index ?? 0) + (upToCan?.[0].length ?? 0) - "can".length;
    await box.click();
    await box.evaluate((el: HTMLTextAreaElement, caret) => el.setSelectionRange(caret, caret), at);
    await page.keyboard.press("Enter");
    const rows = editor.getByRole("list", { name: "Editable transcript" }).getByRole("listitem");
    await vi.waitFor(async () => expect(await rows.count()).toBe(machine.segments.length + 1), WAIT);
    // Focus moved into the new second part, at its start.
    const second = editor.getByRole("textbox", { name: /^Text at / }).nth(ask + 1);
    expect(await second.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(`${plainWords(await second.inputValue())} `).toMatch(/^can do for you /);

    await editor
      .getByRole("combobox", { name: /^Speaker at / })
      .nth(ask + 1)
      .selectOption({ label: "New speaker…" });
    await editor.getByRole("button", { name: "Save" }).click();
    await savedAs(editor, 3);

    const saved = await segments();
    expect(saved.segments.map((s) => s.speaker)).toEqual([
      ...machine.segments.slice(0, ask + 1).map(() => undefined),
      "SPEAKER_00",
      ...machine.segments.slice(ask + 1).map(() => undefined),
    ]);
    expect(saved.speakers).toEqual([{ id: "SPEAKER_00", name: null }]);
    // The split falls between two words with their own times.
    expect(saved.segments[ask]?.end).toBeLessThanOrEqual(saved.segments[ask + 1]?.start ?? 0);

    const renamed = await context.request.patch(`/api/transcriptions/${id}/speakers`, {
      data: { baseVersion: 3, names: { SPEAKER_00: "Dana" } },
    });
    expect(renamed.status()).toBe(200);
    const docx = await docxText();
    expect(docx).toMatch(/Dana: can\W+do\W+for\W+you\b/i);
    expect(says(docx, "ask not what your nation"), docx).toBe(true);
    await page.close();
  });
});

describe("edits that are not saved yet, undo across a reload, and a save from another tab", () => {
  it("keeps unsaved edits through a reload, and Discard drops them", async () => {
    const page = await newPage(context);
    const editor = await openEditor(page);
    const box = firstText(page);
    const saved = await box.inputValue();
    await box.fill("And so, my dear fellow Americans");
    await box.press("Tab");
    await editor.getByRole("status").filter({ hasText: "Unsaved changes" }).waitFor();
    // Saved in IndexedDB a moment after the last change.
    await vi.waitFor(async () => expect(await page.evaluate(hasDraft, id)).toBe(true), WAIT);
    // With auto-save off, leaving the page with unsaved changes asks first; the user leaves.
    const asked: string[] = [];
    page.on("dialog", (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(asked).toEqual(["beforeunload"]);
    const reopened = page.getByRole("region", { name: "Transcript editor" });
    await reopened.getByText(/Your unsaved edits from .* are back/).waitFor();
    expect(await firstText(page).inputValue()).toBe("And so, my dear fellow Americans");
    await reopened.getByRole("button", { name: "Discard them" }).click();
    expect(await firstText(page).inputValue()).toBe(saved);
    await reopened.getByRole("status").filter({ hasText: "Saved (version 4)" }).waitFor();
    await vi.waitFor(async () => expect(await page.evaluate(hasDraft, id)).toBe(false), WAIT);
    await page.close();
  });

  it("undoes within the session, then across a reload through the saved versions, and redoes", async () => {
    const page = await newPage(context);
    let editor = await openEditor(page);
    const rows = editor.getByRole("list", { name: "Editable transcript" }).getByRole("listitem");
    const count = await rows.count();
    // Backspace at the start of the second segment joins it to the first.
    const second = editor.getByRole("textbox", { name: /^Text at / }).nth(1);
    await second.click();
    await second.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 0));
    await page.keyboard.press("Backspace");
    await vi.waitFor(async () => expect(await rows.count()).toBe(count - 1), WAIT);
    await editor.getByRole("button", { name: "Undo" }).click();
    await vi.waitFor(async () => expect(await rows.count()).toBe(count), WAIT);
    await editor.getByRole("button", { name: "Redo" }).click();
    await vi.waitFor(async () => expect(await rows.count()).toBe(count - 1), WAIT);
    await editor.getByRole("button", { name: "Save" }).click();
    await savedAs(editor, 5);

    await page.reload();
    editor = await openEditor(page);
    await vi.waitFor(async () => expect(await rows.count()).toBe(count - 1), WAIT);
    // The session has no history now: undo restores the version before (as version 6), redo the joined one (7).
    await editor.getByRole("button", { name: "Undo" }).click();
    await savedAs(editor, 6);
    await vi.waitFor(async () => expect(await rows.count()).toBe(count), WAIT);
    expect((await segments()).segments).toHaveLength(count);
    await editor.getByRole("button", { name: "Redo" }).click();
    await savedAs(editor, 7);
    expect((await segments()).segments).toHaveLength(count - 1);
    await page.close();
  });

  it("a save based on an old version is refused, and the editor offers to load the newer one", async () => {
    const before = (await segments()).version ?? 0;
    const [a, b] = [await newPage(context), await newPage(context)];
    const [editorA, editorB] = [await openEditor(a), await openEditor(b)];
    // The user works in one tab, then in the other, each adding a word of its own.
    await a.bringToFront();
    const boxA = firstText(a);
    await boxA.fill(`${await boxA.inputValue()} Alpha`);
    await editorA.getByRole("button", { name: "Save" }).click();
    await savedAs(editorA, before + 1);

    await b.bringToFront();
    const boxB = firstText(b);
    await boxB.fill(`${await boxB.inputValue()} Bravo`);
    await editorB.getByRole("button", { name: "Save" }).click();
    const dialog = b.getByRole("dialog", { name: "The transcript was changed elsewhere" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`version ${before + 1}`);
    // Nothing was overwritten: the server still has tab A's text.
    expect((await segments()).segments[0]?.text).toContain("Alpha");
    expect((await segments()).segments[0]?.text).not.toContain("Bravo");

    await dialog.getByRole("button", { name: "Reload the transcript" }).click();
    await vi.waitFor(async () => expect(await firstText(b).inputValue()).toContain("Alpha"), WAIT);
    await savedAs(editorB, before + 1);
    await Promise.all([a.close(), b.close()]);
  });
});

/** Whether the app's IndexedDB holds unsaved edits of transcription `key` (runs in the page). */
function hasDraft(key: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("verbatim");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const get = db.transaction("transcriptDrafts").objectStore("transcriptDrafts").get(key);
      get.onsuccess = () => {
        db.close();
        resolve(get.result !== undefined);
      };
      get.onerror = () => reject(get.error);
    };
  });
}

describe("after the edits", () => {
  it("offers to re-run the analysis once saved, and the new summary is made from the edited text", async () => {
    const page = await newPage(context);
    const editor = await openEditor(page);
    expect(await seriousViolations(page)).toEqual([]);
    const box = firstText(page);
    // A decision of the test's own: the summary names every decision, whichever of the recogniser's sentences
    // it picks besides.
    await box.fill(`We agreed that the Martians will sign the treaty. ${await box.inputValue()}`);
    await editor.getByRole("button", { name: "Save" }).click();
    await editor.getByRole("button", { name: "Re-run analysis" }).click();
    await toast(page).filter({ hasText: "Analysis started" }).waitFor();
    const done = await waitUntilFinished(context, id);
    expect(done.status).toBe("COMPLETED");
    expect(done.text).toContain("Martians");
    expect(`${done.summary} ${done.informative_summary}`).toContain("Martians");
    await page.close();
  });
});

import { readFileSync } from "node:fs";
import { preferencesSchema } from "@verbatim/shared/preferences";
import { transcriptDocSchema } from "@verbatim/shared/transcript";
import { transcriptionSchema } from "@verbatim/shared/transcription";
import type { BrowserContext, Download, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readJson, registerViaApi, waitUntilFinished } from "./support/api";
import { seriousViolations } from "./support/axe";
import { newContext, newPage, screenshot, toast } from "./support/browser";
import { audioFixture } from "./support/env";

// Speaker recognition as a user meets it (issue 15): chosen at upload (and remembered in Settings), a real
// two-speaker recording transcribed by the real engine, the speakers named, coloured and filterable, a rename
// that shows everywhere, and the detail page's ways to run a recording again.

const TWO_SPEAKERS = audioFixture("two-speakers/pyannote-sample.wav");
/** Introductions added to a line of Speaker 2's: the recogniser's own words vary with the CPU, these do not. */
const INTRODUCTIONS = "Hi, I'm Marcus. This is Priya in Lisbon.";
const JFK_VIDEO_HEAD = readFileSync(audioFixture("jfk_video.mp4")).subarray(0, 4000);

let context: BrowserContext;
let page: Page;
let id = "";

/** A new account for each group of steps: the free plan allows 3 transcriptions (a reprocess counts) a month. */
async function asNewUser() {
  await context?.close();
  context = await newContext();
  await registerViaApi(context);
  page = await newPage(context);
}
afterEach(async () => {
  if (await page.locator("dialog[open]").count()) await page.keyboard.press("Escape");
});
afterAll(() => context?.close());

const transcript = () => page.getByRole("list", { name: "Full transcript" });
const speakerList = () => page.getByRole("list", { name: "Speakers" });
/** The speaker labels of the transcript's visible lines, in order ("Speaker 1", "Dana", …). */
const lineSpeakers = () =>
  transcript()
    .locator("li p > span.font-semibold")
    .evaluateAll((spans) => spans.map((s) => (s.textContent ?? "").replace(/:\s*$/, "").trim()));
/** Each visible line's speaker label with the colour of its dot. */
const lineColours = () =>
  transcript()
    .locator("li p > span.font-semibold")
    .evaluateAll((spans) =>
      spans.map(
        (s) =>
          [
            (s.textContent ?? "").replace(/:\s*$/, "").trim(),
            getComputedStyle(s.querySelector("span[aria-hidden]") as Element).backgroundColor,
          ] as const,
      ),
    );
const downloadText = async (download: Download) => readFileSync((await download.path()) ?? "", "utf8");

describe("speaker recognition chosen at upload", () => {
  beforeAll(asNewUser);

  it("starts the upload screen from the Settings default, sends the choice, and remembers it", async () => {
    await page.goto("/settings");
    const general = page.getByRole("tabpanel");
    expect(await general.getByLabel("Speaker recognition").isChecked()).toBe(false);
    await general.getByLabel("Speaker recognition").check();
    const saved = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes("/preferences"));
    await general.getByRole("button", { name: "Save", exact: true }).click();
    expect((await saved).ok()).toBe(true);
    await toast(page).filter({ hasText: "General settings saved" }).waitFor();

    await page.goto("/upload");
    await page.getByTestId("file-input").setInputFiles(TWO_SPEAKERS);
    const option = page.getByLabel("Speaker recognition");
    // The saved preferences may arrive just after the screen opens.
    await expect.poll(() => option.isChecked()).toBe(true);
    expect(await page.getByLabel("Number of speakers").inputValue()).toBe("");
    await page.getByLabel("Number of speakers").selectOption("2");
    await screenshot(page, "upload-speaker-recognition");

    // The server keeps what the form sent (the browser does not expose an XHR's multipart body to check).
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/transcriptions/upload"));
    await page.getByRole("button", { name: "Upload & Transcribe" }).click();
    const created = await readJson(await answered, transcriptionSchema);
    expect(created).toMatchObject({ diarize: true, num_speakers: 2 });
    id = created.id;

    // The count chosen here becomes the Settings default for the next upload.
    const savedGeneral = async () =>
      (await readJson(await context.request.get("/api/user/preferences"), preferencesSchema)).general;
    await expect.poll(async () => (await savedGeneral()).speakerCount).toBe(2);
    expect((await savedGeneral()).speakerRecognition).toBe(true);
  });

  it("shows the real recording's two speakers by name, each in its own colour", async () => {
    const t = await waitUntilFinished(context, id, 600_000);
    expect(t.status).toBe("COMPLETED");
    await page.goto(`/transcription/${id}`);
    await transcript().waitFor();
    await speakerList().waitFor();
    expect(await speakerList().locator("button[aria-pressed]").allTextContents()).toEqual(["Speaker 1", "Speaker 2"]);
    const colours = new Map(await lineColours());
    expect([...colours.keys()].sort()).toEqual(["Speaker 1", "Speaker 2"]);
    expect(colours.get("Speaker 1")).not.toBe(colours.get("Speaker 2"));
    await screenshot(page, "transcript-two-speakers");
    expect(await seriousViolations(page)).toEqual([]);

    // Details: who spoke how long, and how often.
    await page.getByRole("tab", { name: "Details" }).click();
    const table = page.getByRole("table", { name: "Talk time and turns per speaker" });
    const rows = await table
      .locator("tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => c.textContent?.trim() ?? "")),
      );
    expect(rows.map((r) => r[0])).toEqual(["Speaker 1", "Speaker 2"]);
    for (const row of rows) {
      expect(row[1]).toMatch(/^00:\d\d\s*\d+%/);
      expect(Number(row[2])).toBeGreaterThanOrEqual(1);
    }
    await page.getByRole("tab", { name: "Transcript" }).click();

    // Named once, the diarized speaker is named in the transcript and the exported text.
    await speakerList().getByRole("button", { name: "Rename Speaker 2" }).click();
    await page.getByLabel("New name for Speaker 2").fill("Sheila");
    await speakerList().getByRole("button", { name: "Save" }).click();
    await transcript().getByText("Sheila:").first().waitFor();
    expect(new Set(await lineSpeakers())).toEqual(new Set(["Speaker 1", "Sheila"]));
    const txt = await context.request.get(`/api/transcriptions/${id}/export?format=txt`);
    expect(await txt.text()).toMatch(/\[\d\d:\d\d\] Sheila: /);
  });

  it("remembers a named speaker's voice, listed in Settings › Voices until forgotten", async () => {
    // Only a named speaker with a kept voice offers it (the worker's voices.test.ts shows a later recording named).
    expect(await speakerList().getByRole("button", { name: "Remember Speaker 1's voice" }).count()).toBe(0);
    await speakerList().getByRole("button", { name: "Remember Sheila's voice" }).click();
    await toast(page).filter({ hasText: "Voice remembered" }).waitFor();
    await speakerList().getByText("Voice remembered").waitFor();
    await screenshot(page, "speakers-voice-remembered");

    await page.goto("/settings");
    await page.getByRole("tab", { name: "Voices" }).click();
    const voices = page.getByRole("list", { name: "Remembered voices" });
    await voices.getByText("Sheila").waitFor();
    await voices.getByText("From 1 recording").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "settings-voices");
    await voices.getByRole("button", { name: "Rename Sheila" }).click();
    await page.getByLabel("New name for Sheila").fill("Sheila Park");
    await voices.getByRole("button", { name: "Save" }).click();
    await voices.getByText("Sheila Park").waitFor();
    await voices.getByRole("button", { name: "Forget Sheila Park's voice" }).click();
    await voices.getByRole("button", { name: "Forget", exact: true }).click();
    await page.getByText("No voices remembered yet.").waitFor();
  });
});

describe("named speakers on a transcript", () => {
  let named = "";
  const namedDoc = async () =>
    readJson(await context.request.get(`/api/transcriptions/${named}/segments`), transcriptDocSchema);

  // The same real recording transcribed without speaker recognition, its segments then given speakers and one
  // line the introductions the way the editor does (PUT …/transcript), so these steps hold whatever the
  // diarization decides and whatever words the recogniser wrote.
  beforeAll(async () => {
    await asNewUser();
    const uploaded = await context.request.post("/api/transcriptions/upload", {
      multipart: { file: { name: "named.wav", mimeType: "audio/wav", buffer: readFileSync(TWO_SPEAKERS) } },
    });
    named = (await readJson(uploaded, transcriptionSchema)).id;
    expect((await waitUntilFinished(context, named, 600_000)).status).toBe("COMPLETED");
    const doc = await namedDoc();
    expect(doc.segments.length).toBeGreaterThanOrEqual(2);
    // Turns alternate, and the second line, Speaker 2's, ends with the introductions.
    const segments = doc.segments.map((segment, i) => {
      const speaker = `SPEAKER_0${i % 2}`;
      const text = i === 1 ? `${segment.text.trim()} ${INTRODUCTIONS}` : segment.text;
      return { ...segment, text, speaker, words: segment.words?.map((w) => ({ ...w, speaker })) };
    });
    const saved = await context.request.put(`/api/transcriptions/${named}/transcript`, {
      data: {
        baseVersion: doc.version,
        segments,
        speakers: [
          { id: "SPEAKER_00", name: null },
          { id: "SPEAKER_01", name: null },
        ],
      },
    });
    expect(saved.status()).toBe(200);
  });

  it("filters the transcript by speaker", async () => {
    await page.goto(`/transcription/${named}`);
    await speakerList().waitFor();
    const all = await lineSpeakers();
    expect(new Set(all)).toEqual(new Set(["Speaker 1", "Speaker 2"]));
    await speakerList().getByRole("button", { name: "Speaker 2", exact: true }).click();
    await speakerList().locator('button[aria-pressed="true"]', { hasText: "Speaker 2" }).waitFor();
    const only = await lineSpeakers();
    expect(only.length).toBe(all.filter((s) => s === "Speaker 2").length);
    expect(new Set(only)).toEqual(new Set(["Speaker 2"]));
    await page.getByRole("button", { name: "Show all speakers" }).click();
    expect(await lineSpeakers()).toEqual(all);
  });

  it("offers the name a speaker introduced themselves with, and applies it only when accepted", async () => {
    // One of Speaker 2's lines says "This is Priya in Lisbon" (the introductions above).
    const offer = page.getByRole("region", { name: "Suggested names" }).getByRole("listitem").filter({
      hasText: "may be Priya",
    });
    await offer.waitFor();
    expect(await offer.textContent()).toContain("This is Priya");
    expect((await namedDoc()).speakers?.map((s) => s.name)).toEqual([null, null]);
    const accepted = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith("/speakers"));
    await offer.getByRole("button", { name: /^Name Speaker \d “Priya”$/ }).click();
    expect((await accepted).ok()).toBe(true);
    await transcript().getByText("Priya:").first().waitFor();
    expect((await namedDoc()).speakers?.map((s) => s.name)).toEqual([null, "Priya"]);

    // The same line's "I'm Marcus" is offered too; dismissed, it goes away and changes nothing.
    const other = page.getByRole("region", { name: "Suggested names" }).getByRole("listitem").filter({
      hasText: "may be Marcus",
    });
    await other.getByRole("button", { name: "Dismiss" }).click();
    await other.waitFor({ state: "detached" });
    expect((await namedDoc()).speakers?.map((s) => s.name)).toEqual([null, "Priya"]);
  });

  it("says why speakers are missing when recognition was asked for but could not run", async () => {
    // The provider's note as the API stores it (doc.diarization); the rest of the answer is the real one.
    await page.route(`**/api/transcriptions/${named}/segments`, async (route) => {
      const real = await route.fetch();
      const doc = transcriptDocSchema.parse(await real.json());
      const note = { state: "unavailable", message: "The OpenAI server cannot tell speakers apart" };
      return route.fulfill({ response: real, json: { ...doc, speakers: [], diarization: note } });
    });
    await page.reload();
    await page.getByRole("status").filter({ hasText: "The OpenAI server cannot tell speakers apart" }).waitFor();
    await page.unroute(`**/api/transcriptions/${named}/segments`);
    await page.reload();
    await speakerList().waitFor();
  });

  it("renames a speaker once and shows the name everywhere: transcript, Details, export, after a reload", async () => {
    await speakerList().getByRole("button", { name: "Rename Speaker 1" }).click();
    await page.getByLabel("New name for Speaker 1").fill("Dana");
    const renamed = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith("/speakers"));
    await speakerList().getByRole("button", { name: "Save" }).click();
    expect((await renamed).ok()).toBe(true);
    await transcript().getByText("Dana:").first().waitFor();
    expect(new Set(await lineSpeakers())).toEqual(new Set(["Dana", "Priya"]));
    await speakerList().getByRole("button", { name: "Dana", exact: true }).waitFor();

    await page.getByRole("tab", { name: "Details" }).click();
    const table = page.getByRole("table", { name: "Talk time and turns per speaker" });
    await table.getByText("Dana").waitFor();
    // In order of first appearance, which depends on where the engine cut the lines.
    expect(new Set(await table.locator("tbody th").allTextContents())).toEqual(new Set(["Dana", "Priya"]));
    await page.getByRole("tab", { name: "Transcript" }).click();

    await page.getByRole("button", { name: "Download" }).click();
    const dialog = page.getByRole("dialog", { name: "Export Options" });
    await dialog.getByRole("radio", { name: /TXT/ }).check();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Download" }).click(),
    ]);
    const text = await downloadText(download);
    expect(text).toMatch(/\[\d\d:\d\d\] Dana: /);
    expect(text).toMatch(/\[\d\d:\d\d\] Priya: /);
    expect(text).not.toContain("SPEAKER_0");

    await page.reload();
    await transcript().getByText("Dana:").first().waitFor();
    expect((await namedDoc()).speakers?.map((s) => s.name)).toEqual(["Dana", "Priya"]);
  });

  it("offers a reload when the names were changed elsewhere, and overwrites nothing", async () => {
    // Another tab renames Priya after this page loaded.
    const doc = await namedDoc();
    const patched = await context.request.patch(`/api/transcriptions/${named}/speakers`, {
      data: { baseVersion: doc.version, names: { SPEAKER_01: "Lee" } },
    });
    expect(patched.status()).toBe(200);

    await speakerList().getByRole("button", { name: "Rename Priya" }).click();
    await page.getByLabel("New name for Priya").fill("Sam");
    const refused = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith("/speakers"));
    await speakerList().getByRole("button", { name: "Save" }).click();
    expect((await refused).status()).toBe(409);
    const alert = page.getByRole("alert").filter({ hasText: "changed elsewhere" });
    await alert.waitFor();
    await alert.getByRole("button", { name: "Reload transcript" }).click();
    await transcript().getByText("Lee:").first().waitFor();
    await alert.waitFor({ state: "detached" });
    expect((await namedDoc()).speakers?.map((s) => s.name)).toEqual(["Dana", "Lee"]);
  });

  it("offers Re-run analysis when only the analysis failed, and runs it over the named transcript", async () => {
    // A partial failure is rare to provoke for real: the row is reported as one, the request goes to the API.
    await page.route(`**/api/transcriptions/${named}`, async (route) => {
      if (route.request().method() !== "GET") return route.fallback();
      const real = await route.fetch();
      const body = transcriptionSchema.parse(await real.json());
      const partial = body.status === "COMPLETED" ? "COMPLETED_WITH_ERRORS" : body.status;
      return route.fulfill({ response: real, json: { ...body, status: partial, error_message: "Analysis timed out" } });
    });
    await page.goto(`/transcription/${named}`);
    await page.getByText("Analysis timed out").waitFor();
    const rerun = page.waitForResponse((r) => r.url().endsWith(`/${named}/analyze`));
    await page.getByRole("button", { name: "Re-run analysis" }).click();
    const answer = await readJson(await rerun, transcriptionSchema);
    expect(answer.status).toBe("PROCESSING");
    await toast(page).filter({ hasText: "Analysing again" }).waitFor();
    await page.unroute(`**/api/transcriptions/${named}`);
    expect((await waitUntilFinished(context, named)).status).toBe("COMPLETED");
    const t = await readJson(await context.request.get(`/api/transcriptions/${named}`), transcriptionSchema);
    expect(t.text).toContain("Dana:");
  });
});

describe("running a recording again from its page", () => {
  beforeEach(asNewUser);

  it("offers Try again on a failed recording, which transcribes it again", async () => {
    const uploaded = await context.request.post("/api/transcriptions/upload", {
      multipart: { file: { name: "broken.mp4", mimeType: "video/mp4", buffer: JFK_VIDEO_HEAD } },
    });
    const failed = await readJson(uploaded, transcriptionSchema);
    expect((await waitUntilFinished(context, failed.id)).status).toBe("FAILED");

    await page.goto(`/transcription/${failed.id}`);
    await page.getByRole("alert").filter({ hasText: "could not be transcribed" }).waitFor();
    // It uses one of the Free plan's transcriptions, as Reprocess does, and says so first (the upload used one).
    await page.getByRole("button", { name: "Try again" }).click();
    const confirm = page.getByRole("dialog", { name: "Transcribe again" });
    await confirm.getByText("Trying again uses one of your 3 free transcriptions this month (2 left).").waitFor();
    const again = page.waitForResponse((r) => r.url().endsWith(`/${failed.id}/reprocess`));
    await confirm.getByRole("button", { name: "Try again" }).click();
    const answer = await readJson(await again, transcriptionSchema);
    expect(answer.status).toBe("REPROCESSING");
    await toast(page).filter({ hasText: "Transcribing again" }).waitFor();
    // The damaged file fails again, and says so again: the button is back for another try.
    expect((await waitUntilFinished(context, failed.id)).status).toBe("FAILED");
    await page.getByRole("button", { name: "Try again" }).waitFor({ timeout: 15_000 });
    const trace = await (await context.request.get(`/api/transcriptions/${failed.id}/trace`)).json();
    expect((trace as { logs: string[] }).logs.join("\n")).toContain("Reprocessing requested");
  });

  it("turns speaker recognition on for a recording uploaded without it", async () => {
    const uploaded = await context.request.post("/api/transcriptions/upload", {
      multipart: { file: { name: "no-speakers.wav", mimeType: "audio/wav", buffer: readFileSync(TWO_SPEAKERS) } },
    });
    const plain = await readJson(uploaded, transcriptionSchema);
    expect(plain.diarize).toBe(false);
    expect((await waitUntilFinished(context, plain.id, 600_000)).status).toBe("COMPLETED");
    await page.goto(`/transcription/${plain.id}`);
    await transcript().waitFor();
    expect(await speakerList().count()).toBe(0);

    await page.getByRole("button", { name: "Reprocess…" }).click();
    const dialog = page.getByRole("dialog", { name: "Reprocess recording" });
    await dialog.getByLabel("Speaker recognition").check();
    await dialog.getByLabel("Number of speakers").selectOption("2");
    expect(await seriousViolations(page)).toEqual([]);
    const sent = page.waitForRequest((r) => r.url().endsWith(`/${plain.id}/reprocess`));
    await dialog.getByRole("button", { name: "Reprocess" }).click();
    expect((await sent).postDataJSON()).toEqual({ diarize: true, num_speakers: 2, edits: "discard" });
    await dialog.waitFor({ state: "detached" });

    expect((await waitUntilFinished(context, plain.id, 600_000)).status).toBe("COMPLETED");
    await speakerList().waitFor({ timeout: 30_000 });
    expect(new Set(await lineSpeakers())).toEqual(new Set(["Speaker 1", "Speaker 2"]));
  });
});

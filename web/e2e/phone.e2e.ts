import type { TranscriptDoc } from "@verbatim/shared/transcript";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerViaApi, uploadViaApi, waitUntilFinished } from "./support/api";
import { newContext, newPage, screenshot } from "./support/browser";
import { JFK_MP3, SCREENSHOT_DIR } from "./support/env";

// Issue 34: a transcript page on a phone (390×844) shows the transcript on the first screen, lets every tab be
// reached, keeps the player in reach however far down the text one reads, and marks the line a search hit
// opened at. The recording is real (JFK, 11 s); its timed transcript is stretched into a long meeting of two
// speakers, 88 short turns over those 11 seconds, so the page is long enough to scroll far.

const PHONE = { width: 390, height: 844 };
const LINES = 88;
const STEP_S = 0.125;

/** The doc the API answered, as a long two-speaker meeting: "Turn N: …" every eighth of a second. */
function longMeeting(doc: TranscriptDoc): TranscriptDoc {
  const said = doc.segments.map((s) => s.text.trim()).join(" ");
  return {
    ...doc,
    speakers: [
      { id: "SPEAKER_00", name: null },
      { id: "SPEAKER_01", name: null },
    ],
    segments: Array.from({ length: LINES }, (_, i) => ({
      start: i * STEP_S,
      end: (i + 1) * STEP_S,
      text: `Turn ${i + 1}: ${said}`,
      speaker: i % 2 ? "SPEAKER_01" : "SPEAKER_00",
    })),
  };
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not rendered");
  return b;
}

/** Whether the element lies wholly on the screen. */
async function onScreen(locator: Locator) {
  const b = await box(locator);
  return b.y >= 0 && b.y + b.height <= PHONE.height && b.x >= 0 && b.x + b.width <= PHONE.width;
}

async function openLong(page: Page, id: string) {
  await page.route(`**/api/transcriptions/${id}/segments`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: longMeeting((await response.json()) as TranscriptDoc) });
  });
}

describe("transcript page on a phone", () => {
  it("shows the text first, reaches every tab and keeps the player in reach", async () => {
    const context = await newContext({ viewport: PHONE, hasTouch: true });
    await registerViaApi(context);
    const { id } = await waitUntilFinished(context, (await uploadViaApi(context, JFK_MP3)).id);
    const page = await newPage(context);
    await openLong(page, id);

    await page.goto(`/transcription/${id}`);
    const transcript = page.getByRole("list", { name: "Full transcript" });
    const first = transcript.locator('[data-line="0"]');
    await first.getByText("Turn 1:").waitFor();
    // The first screen: the transcript's first line, the player and the actions, in one row.
    expect(await onScreen(first)).toBe(true);
    expect(await onScreen(page.getByLabel("Recording", { exact: true }))).toBe(true);
    const download = await box(page.getByRole("button", { name: "Download" }));
    const back = await box(page.getByRole("link", { name: "Back to list" }));
    expect(Math.abs(download.y - back.y)).toBeLessThan(2);
    // The speakers are collapsed to their title, and open on a tap.
    const speakers = page.getByRole("button", { name: "Speakers" });
    expect(await speakers.getAttribute("aria-expanded")).toBe("false");
    await screenshot(page, "phone-transcript");
    // (Full-page shots above; the viewport alone below, as the phone shows it.)

    // Every tab can be reached: the row scrolls sideways (its hidden end faded), and each tab shows in full.
    const tabs = page.getByRole("tablist", { name: "Sections" });
    expect(await tabs.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await tabs.getAttribute("data-scrolls")).toBe("true");
    for (const name of ["Summary", "Key Points", "Analysis", "Details", "Transcript"]) {
      const tab = tabs.getByRole("tab", { name, exact: true });
      await tab.click();
      expect(await tab.getAttribute("aria-selected")).toBe("true");
      expect(await onScreen(tab), name).toBe(true);
    }
    await speakers.click();
    expect(await speakers.getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("list", { name: "Speakers" }).waitFor();
    await speakers.click();

    // Far down the page and the transcript, the player is still on screen, under the top bar.
    await transcript.locator(`[data-line="${LINES - 1}"]`).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    const player = page.getByTestId("player");
    expect(await onScreen(player)).toBe(true);
    expect(await onScreen(transcript.locator(`[data-line="${LINES - 1}"]`))).toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-scrolled.png` });
    await context.close();
  });

  it("opens a search hit deep in the text on that line, in view below the player and marked", async () => {
    const context = await newContext({ viewport: PHONE, hasTouch: true });
    await registerViaApi(context);
    const { id } = await waitUntilFinished(context, (await uploadViaApi(context, JFK_MP3)).id);
    const page = await newPage(context);
    await openLong(page, id);

    await page.goto(`/transcription/${id}?t=10`);
    // The first turn that starts in second 10: turn 81.
    const hit = page.locator("[data-search-hit]");
    await hit.getByText("Turn 81:").waitFor();
    expect(await hit.getAttribute("aria-current")).toBe("true");
    expect(await hit.textContent()).toContain("Search hit");
    await page.getByRole("status").filter({ hasText: "Opened at 00:10: Turn 81:" }).waitFor({ state: "attached" });
    await expect.poll(() => onScreen(hit)).toBe(true);
    const player = await box(page.getByTestId("player"));
    expect((await box(hit)).y).toBeGreaterThanOrEqual(player.y + player.height);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-search-hit.png` });
    await context.close();
  });
});

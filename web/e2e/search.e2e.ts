import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerViaApi, uploadViaApi, waitUntilFinished } from "./support/api";
import { allowPageErrors, newContext, newPage, screenshot } from "./support/browser";
import { JFK_MP3, REPO_ROOT } from "./support/env";
import { deviceLibraries } from "./support/idb";

// Issue 16: one box searches every transcript; offline it searches the device library with the same results.

const CALL = `${REPO_ROOT}test-fixtures/audio/two-speakers/pyannote-sample.wav`;
const AMIABLE = `${REPO_ROOT}test-fixtures/audio/librivox/sense_and_sensibility_01_austen_64kb-0930.wav`;

/** Queries compared online and offline: one word, a prefix, two words in one line, words from two recordings, none. */
const QUERIES = ["yankee", "yank", "new jersey", "amiable himself", "amiable country", "country", "zebra"];

/** What a user reads of the results: each transcription with its match count, hit places and highlighted words. */
async function results(page: Page, q: string) {
  const box = page.getByRole("searchbox", { name: "Search transcripts" });
  await box.fill(q);
  const region = page.getByRole("region", { name: "Search results" });
  await region
    .getByRole("status")
    .filter({ hasText: `“${q}”` })
    .waitFor();
  const cards = await region.getByTestId("search-result").all();
  const read = [];
  for (const card of cards) {
    read.push({
      title: await card.getByRole("link").first().textContent(),
      count: await card.locator("span.text-xs").first().textContent(),
      // As sets: online and offline rank the hits inside one transcription by different bm25 implementations.
      places: (await card.locator("li span.font-mono").allTextContents()).sort(),
      marked: (await card.locator("mark").allTextContents()).map((m) => m.toLowerCase()).sort(),
    });
  }
  return read.sort((a, b) => String(a.title).localeCompare(String(b.title)));
}

async function expectOpenedAt(page: Page, words: RegExp) {
  await page.waitForURL(/\/transcription\/[^?]+\?t=\d/);
  const current = page.getByRole("list", { name: "Full transcript" }).locator('[aria-current="true"]');
  await expect.poll(async () => (await current.textContent()) ?? "", { timeout: 10_000 }).toMatch(words);
}

describe("search across transcripts", () => {
  it("finds words online and offline alike, and a hit opens the transcript at its moment", async () => {
    const context = await newContext();
    await registerViaApi(context);
    const uploads = [
      await uploadViaApi(context, JFK_MP3),
      await uploadViaApi(context, CALL, "audio/wav"),
      await uploadViaApi(context, AMIABLE, "audio/wav"),
    ];
    for (const t of uploads) await waitUntilFinished(context, t.id);

    const page = await newPage(context);
    await page.goto("/dashboard");
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });

    const online: Record<string, Awaited<ReturnType<typeof results>>> = {};
    for (const q of QUERIES) online[q] = await results(page, q);
    // Where the words land (which lines, whether the summary quotes them) is the engine's and the analysis's
    // to decide; what a user relies on is checked: the one recording that says it, at the moment it says it.
    const [yankee] = online.yankee ?? [];
    expect(online.yankee).toHaveLength(1);
    expect(yankee?.title).toBe("pyannote-sample.wav");
    expect(yankee?.places).toContain("[00:24]");
    expect(yankee?.marked.length).toBe(yankee?.places.length);
    expect(new Set(yankee?.marked)).toEqual(new Set(["yankee"]));
    expect(yankee?.count).toBe(yankee?.places.length === 1 ? "1 match" : `${yankee?.places.length} matches`);
    expect(online.yank).toEqual(online.yankee);
    // "New Jersey" is said three times, in at least two lines.
    expect(online["new jersey"]?.map((r) => r.title)).toEqual(["pyannote-sample.wav"]);
    expect(Number.parseInt(online["new jersey"]?.[0]?.count ?? "", 10)).toBeGreaterThanOrEqual(2);
    expect(online.country?.map((r) => r.title)).toEqual(["jfk.mp3"]);
    expect(online["amiable country"]).toEqual([]);
    expect(online.zebra).toEqual([]);
    await screenshot(page, "search-online");

    await results(page, "yankee");
    await page.getByRole("link", { name: /\[00:24\].*yankee/i }).click();
    await expectOpenedAt(page, /they all call me a yankee/i);

    // Offline: the same box searches the device library (synced at sign-in, none of it opened but one).
    await expect.poll(async () => (await deviceLibraries(page))[0]?.transcripts, { timeout: 20_000 }).toBe(3);
    allowPageErrors(/net::ERR_INTERNET_DISCONNECTED$/);
    await context.setOffline(true);
    await page.goto("/dashboard");
    await page.getByTestId("offline-indicator").waitFor();
    for (const q of QUERIES) expect(await results(page, q), q).toEqual(online[q]);
    await page.getByText("Searched on this device (you're offline).", { exact: false }).waitFor();
    await screenshot(page, "search-offline");

    await results(page, "amiable himself");
    await page.getByRole("link", { name: /\[00:00\].*amiable himself/i }).click();
    await expectOpenedAt(page, /amiable himself/i);
    await context.close();
  });
});

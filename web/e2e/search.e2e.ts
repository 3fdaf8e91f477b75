import type { Transcription } from "@verbatim/shared/transcription";
import { plainWords, says } from "@verbatim/testing/stable-words";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerViaApi, uploadViaApi, waitUntilFinished } from "./support/api";
import { allowPageErrors, newContext, newPage, screenshot } from "./support/browser";
import { audioFixture, JFK_MP3 } from "./support/env";
import { deviceLibraries } from "./support/idb";

// Issue 16: one box searches every transcript; offline it searches the device library with the same results.
// The recogniser's words vary with the CPU: the words searched for, and where they must be found, are read from
// the transcripts the API answered.

const CALL = audioFixture("two-speakers/pyannote-sample.wav");
const AMIABLE = audioFixture("librivox/sense_and_sensibility_01_austen_64kb-0930.wav");

const title = (t: Transcription) => t.name || t.file_name;
/** The words search finds in a transcription (its title, summary and lines), split as its index splits them. */
const wordsOf = (text: string) => plainWords(text).split(" ");
const vocabulary = (t: Transcription) => wordsOf(`${title(t)} ${t.summary ?? ""} ${t.text ?? ""}`);
const times = (text: string, word: string) => wordsOf(text).filter((w) => w === word).length;

/** Where a search must find a word: the `[mm:ss]` of the one line that says it, with another word of that line. */
interface Spot {
  word: string;
  place: string;
  other: string;
  /** The word without its last letters, which starts no other word of any of the transcriptions. */
  prefix: string;
}

/**
 * A word of `t`'s said once, in a line alone in its second (so the transcript opens on that line), found in no
 * other transcription and at most once in `t`'s summary, and whose prefix starts no other word anywhere.
 */
function distinctSpot(t: Transcription, others: Transcription[]): Spot {
  const elsewhere = others.flatMap(vocabulary);
  const own = vocabulary(t);
  const lines = (t.text ?? "").split("\n").flatMap((l) => {
    const m = /^(\[\d\d:\d\d\])\s*(.*)$/.exec(l.trim());
    return m ? [{ place: m[1] as string, words: wordsOf(m[2] as string) }] : [];
  });
  for (const line of lines) {
    if (lines.filter((l) => l.place === line.place).length > 1) continue;
    for (const word of line.words) {
      const prefix = word.slice(0, Math.max(3, word.length - 2));
      const starts = (w: string) => w.startsWith(prefix);
      if (!/^\p{L}{5,}$/u.test(word) || elsewhere.some(starts) || own.some((w) => starts(w) && w !== word)) continue;
      if (times(t.text ?? "", word) !== 1 || times(t.summary ?? "", word) > 1 || times(title(t), word) > 0) continue;
      const other = line.words.find((w) => w !== word && w.length >= 3);
      if (other) return { word, place: line.place, other, prefix };
    }
  }
  throw new Error(`No word of ${title(t)} is said once and in no other recording: ${t.text}`);
}

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

/** Opens the hit at `spot.place`: the transcript opens at that moment, on the line that says the word. */
async function expectOpensAt(page: Page, spot: Spot) {
  await page
    .getByRole("link", { name: new RegExp(`${spot.place.replace(/[[\]]/g, "\\$&")}.*${spot.word}`, "i") })
    .click();
  await page.waitForURL(/\/transcription\/[^?]+\?t=\d/);
  const [mm = 0, ss = 0] = spot.place.slice(1, -1).split(":").map(Number);
  expect(Number(new URL(page.url()).searchParams.get("t"))).toBe(mm * 60 + ss);
  const current = page.getByRole("list", { name: "Full transcript" }).locator('[aria-current="true"]');
  await expect.poll(async () => wordsOf((await current.textContent()) ?? ""), { timeout: 10_000 }).toContain(spot.word);
  // That line is marked as the hit, and scrolled into view on the page.
  const hit = page.getByRole("list", { name: "Full transcript" }).locator("[data-search-hit]");
  await hit.getByText("Search hit", { exact: true }).waitFor();
  expect(wordsOf((await hit.locator("p").textContent()) ?? "")).toContain(spot.word);
  await expect
    .poll(() =>
      hit.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= innerHeight),
    )
    .toBe(true);
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
    const done: Transcription[] = [];
    for (const t of uploads) done.push(await waitUntilFinished(context, t.id));
    const [jfk, call, amiable] = done as [Transcription, Transcription, Transcription];
    const said = distinctSpot(call, [jfk, amiable]);
    const read = distinctSpot(amiable, [jfk, call]);
    // A word, its prefix, two words of one line (of each), words of two recordings, the stable phrase's "country",
    // and a word most likely in none.
    const queries = [
      said.word,
      said.prefix,
      `${said.other} ${said.word}`,
      `${read.other} ${read.word}`,
      `${read.word} ${said.word}`,
      "country",
      "zebra",
    ];

    const page = await newPage(context);
    await page.goto("/dashboard");
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });

    const online: Record<string, Awaited<ReturnType<typeof results>>> = {};
    for (const q of queries) online[q] = await results(page, q);
    // Only the one recording that says the word, with its line among the hits, each hit marking that word.
    const [hit] = online[said.word] ?? [];
    expect(online[said.word]).toHaveLength(1);
    expect(hit?.title).toBe(title(call));
    expect(hit?.places).toContain(said.place);
    expect(hit?.marked.length).toBe(hit?.places.length);
    expect(new Set(hit?.marked)).toEqual(new Set([said.word]));
    expect(hit?.count).toBe(hit?.places.length === 1 ? "1 match" : `${hit?.places.length} matches`);
    expect(online[said.prefix]).toEqual(online[said.word]);
    for (const [t, spot] of [
      [call, said],
      [amiable, read],
    ] as const) {
      const both = online[`${spot.other} ${spot.word}`];
      expect(both?.map((r) => r.title)).toEqual([title(t)]);
      expect(both?.[0]?.places).toContain(spot.place);
    }
    expect(online[`${read.word} ${said.word}`]).toEqual([]);
    // A single word finds every recording with a word that starts with it, and no other.
    expect(says(jfk.text), jfk.text ?? "").toBe(true);
    for (const q of ["country", "zebra"]) {
      const mentioning = done.filter((t) => vocabulary(t).some((w) => w.startsWith(q))).map(title);
      expect(online[q]?.map((r) => r.title)).toEqual(mentioning.sort((a, b) => a.localeCompare(b)));
    }
    expect(online.country?.map((r) => r.title)).toContain(title(jfk));
    await screenshot(page, "search-online");

    await results(page, said.word);
    await expectOpensAt(page, said);

    // Offline: the same box searches the device library (synced at sign-in, none of it opened but one).
    await expect.poll(async () => (await deviceLibraries(page))[0]?.transcripts, { timeout: 20_000 }).toBe(3);
    allowPageErrors(/net::ERR_INTERNET_DISCONNECTED$/);
    await context.setOffline(true);
    await page.goto("/dashboard");
    await page.getByTestId("offline-indicator").waitFor();
    for (const q of queries) expect(await results(page, q), q).toEqual(online[q]);
    await page.getByText("Searched on this device (you're offline).", { exact: false }).waitFor();
    await screenshot(page, "search-offline");

    await results(page, `${read.other} ${read.word}`);
    await expectOpensAt(page, read);
    await context.close();
  });
});

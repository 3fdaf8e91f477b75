import { readFileSync } from "node:fs";
import { phrasePattern } from "@verbatim/testing/stable-words";
import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { registerViaApi, uploadViaApi, waitUntilFinished } from "./support/api";
import { seriousViolations } from "./support/axe";
import { allowPageErrors, newContext, newPage, screenshot } from "./support/browser";
import { JFK_MP3 } from "./support/env";
import { laterLine } from "./support/transcript";

// Issue 16 item 7: "Keep offline" caches a transcript's recording; the service worker serves the player's Range
// requests from that cache, so it plays and seeks with no connection; its size is shown and it can be freed.

const CACHE = "verbatim-offline-media";
const MP3 = readFileSync(JFK_MP3);

let context: BrowserContext;
let page: Page;
let id: string;

beforeEach(async () => {
  context = await newContext();
  await registerViaApi(context);
  const t = await uploadViaApi(context, JFK_MP3);
  id = t.id;
  await waitUntilFinished(context, id);
  page = await newPage(context);
  await page.goto(`/transcription/${id}`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
});
afterEach(async () => {
  await context.close();
});

/** The URLs this page's origin keeps in the offline media cache. */
const cachedUrls = (p: Page) =>
  p.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), CACHE);

/** A byte range of the recording as the page's fetch gets it (through the service worker). */
const fetchRange = (p: Page, url: string, range: string) =>
  p.evaluate(
    async ([u, r]) => {
      // no-store: past the HTTP cache (not past the service worker), as if the browser had evicted it.
      const response = await fetch(u as string, { headers: { Range: r as string }, cache: "no-store" });
      return {
        status: response.status,
        contentRange: response.headers.get("Content-Range"),
        bytes: [...new Uint8Array(await response.arrayBuffer())],
      };
    },
    [url, range],
  );

const offlineControl = () => page.getByTestId("offline-media");

describe("keeping a recording offline", () => {
  it("plays and seeks with no connection, shows its size, and frees it on request", async () => {
    const mediaUrl = `/api/transcriptions/${id}/media`;
    // jfk.mp3 is 76,447 bytes.
    await offlineControl().getByText("takes 74.7 KB on this device").waitFor();
    await offlineControl().getByRole("button", { name: "Keep offline" }).click();
    await offlineControl().getByText("Kept offline on this device · 74.7 KB").waitFor();
    expect(await cachedUrls(page)).toEqual([mediaUrl]);
    await screenshot(page, "offline-media-kept");
    expect(await seriousViolations(page)).toEqual([]);

    allowPageErrors(/net::ERR_INTERNET_DISCONNECTED$/);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId("offline-indicator").waitFor();
    // What the player fetched may sit in the browser's HTTP cache for an hour: the offline copy must not need it.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await page.getByRole("list", { name: "Full transcript" }).getByText(phrasePattern()).waitFor();

    // The bytes a range asks for are the recording's own, cut from the copy on the device.
    // As the player asks for a kept recording (it does so only when one is kept, see media-url.ts).
    const range = await fetchRange(page, `${mediaUrl}?kept`, "bytes=1000-1999");
    expect(range.status).toBe(206);
    expect(range.contentRange).toBe(`bytes 1000-1999/${MP3.length}`);
    expect(Buffer.from(range.bytes).equals(MP3.subarray(1000, 2000))).toBe(true);

    // The player plays offline, and a timestamp seeks into it.
    expect(await page.locator("audio").count()).toBe(1);
    const later = await laterLine(page);
    await later.button.click();
    await page.waitForFunction((at) => (document.querySelector("audio")?.currentTime ?? 0) >= at + 0.5, later.seconds, {
      timeout: 20_000,
    });

    // Freed: the space is given back, and offline the recording says it cannot play.
    await offlineControl().getByRole("button", { name: "Remove offline copy" }).click();
    await page.getByText("The recording can't be played offline.", { exact: false }).waitFor();
    expect(await cachedUrls(page)).toEqual([]);
    expect(await offlineControl().count()).toBe(0);
  });

  it("leaves the device when the transcription is deleted", async () => {
    await offlineControl().getByRole("button", { name: "Keep offline" }).click();
    await offlineControl()
      .getByText(/Kept offline on this device/)
      .waitFor();
    expect(await cachedUrls(page)).toHaveLength(1);

    // Deleted elsewhere (another device, the API): the next sync brings the tombstone, and the recording goes.
    expect((await context.request.delete(`/api/transcriptions/${id}`)).status()).toBe(200);
    await page.goto("/dashboard");
    await expect.poll(() => cachedUrls(page), { timeout: 20_000 }).toEqual([]);
  });
});

import { phrasePattern } from "@verbatim/testing/stable-words";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { registerViaApi, uploadViaApi, waitUntilFinished } from "./support/api";
import { allowPageErrors, newContext, newPage, screenshot } from "./support/browser";
import { BASE_URL, JFK_MP3 } from "./support/env";
import { persistedQueryHashes } from "./support/idb";

let context: BrowserContext;
let page: Page;
let id: string;

beforeAll(async () => {
  context = await newContext();
  await registerViaApi(context);
  id = (await uploadViaApi(context, JFK_MP3)).id;
  await waitUntilFinished(context, id);
  page = await newPage(context);
});

describe("offline-first", () => {
  it("keeps an opened transcript readable offline, with the offline indicator", async () => {
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Recent Transcriptions" }).waitFor();
    // The service worker takes control of the page (clientsClaim) once it has precached the app shell.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });

    await page.getByRole("link", { name: "View jfk.mp3" }).click();
    const transcript = page.getByRole("list", { name: "Full transcript" });
    await transcript.getByText(phrasePattern()).waitFor();
    // Saved to IndexedDB (writes are batched for a second).
    await expect
      .poll(async () => (await persistedQueryHashes(page)).some((hash) => hash.includes(id)), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByTestId("offline-indicator").count()).toBe(0);
    expect(await page.getByTestId("connection-dot").getAttribute("data-online")).toBe("true");

    // Requests made offline fail: that is the condition under test.
    allowPageErrors(/net::ERR_INTERNET_DISCONNECTED$/);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId("offline-indicator").waitFor();
    // The avatar's dot agrees with the Offline badge beside it.
    expect(await page.getByTestId("connection-dot").getAttribute("data-online")).toBe("false");
    await transcript.getByText(phrasePattern()).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/transcription/${id}`);
    await page.getByText("The recording can't be played offline.", { exact: false }).waitFor();
    // Saved analysis is there too.
    await page.getByRole("tab", { name: "Summary" }).click();
    expect((await page.getByRole("tabpanel").textContent())?.trim().length).toBeGreaterThan(10);
    await screenshot(page, "offline-detail");

    // The list is readable offline as well.
    await page.getByRole("link", { name: "Back to List" }).click();
    await page.getByTestId("transcription-card").filter({ hasText: "jfk.mp3" }).waitFor();
    await page.getByTestId("offline-indicator").waitFor();
  });

  it("queues an upload chosen offline and sends it when the network returns", async () => {
    allowPageErrors(/net::ERR_INTERNET_DISCONNECTED$/); // still offline, from the test above
    await page.getByRole("link", { name: "New Transcription" }).first().click();
    await page.getByRole("heading", { name: "Upload Audio or Video" }).waitFor();
    await page
      .getByText("You're offline. Files you upload now are queued and sent when the connection returns.")
      .waitFor();
    await page.getByTestId("file-input").setInputFiles(JFK_MP3);
    await page.getByRole("button", { name: "Upload & Transcribe" }).click();
    const row = page.getByTestId("upload-row");
    await page.waitForFunction(
      () => document.querySelector('[data-testid="upload-row"]')?.getAttribute("data-status") === "queued",
    );
    expect(await row.textContent()).toContain("Queued: uploads when you're back online");
    await screenshot(page, "upload-queued-offline");

    // Still queued after a reload: the file waits in IndexedDB.
    await page.reload();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="upload-row"]')?.getAttribute("data-status") === "queued",
    );

    await context.setOffline(false);
    await page.getByText("File uploaded successfully! Redirecting...").waitFor({ timeout: 30_000 });
    await page.waitForURL(`${BASE_URL}/`);
    // The list comes from the offline cache first, then from the server: allow for the refetch on a busy machine.
    await expect
      .poll(async () => page.getByTestId("transcription-card").filter({ hasText: "jfk.mp3" }).count(), {
        timeout: 10_000,
      })
      .toBe(2);
    expect(await page.getByTestId("offline-indicator").count()).toBe(0);
  });
});

import { phrasePattern } from "@verbatim/testing/stable-words";
import { describe, expect, it } from "vitest";
import { registerViaApi, uploadViaApi, waitUntilFinished } from "./support/api";
import { allowPageErrors, newContext, newPage, screenshot } from "./support/browser";
import { JFK_FLAC, JFK_MP3, JFK_VIDEO } from "./support/env";
import { deviceLibraries, persistedQueryHashes } from "./support/idb";

// Issue 16: the whole library is on the device, not only the transcripts opened before.

describe("the device library", () => {
  it("opens every transcript offline, none opened before, and is deleted at logout", async () => {
    const context = await newContext();
    await registerViaApi(context);
    const user = (await (await context.request.get("/api/user")).json()) as { id: string };
    const uploads = [
      await uploadViaApi(context, JFK_MP3),
      await uploadViaApi(context, JFK_FLAC, "audio/flac"),
      await uploadViaApi(context, JFK_VIDEO, "video/mp4"),
    ];
    for (const t of uploads) await waitUntilFinished(context, t.id);

    const page = await newPage(context);
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Recent Transcriptions" }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    // Synced in the background at sign-in: three transcriptions with their timed transcripts.
    await expect
      .poll(async () => deviceLibraries(page), { timeout: 20_000 })
      .toEqual([{ name: `verbatim-library-${user.id}`, transcriptions: 3, transcripts: 3 }]);
    // The session is kept on the device (without it an offline start is a signed-out one). The app writes it as soon
    // as it is known, but the write is asynchronous: a reload in the same instant could still cut it short.
    await expect.poll(async () => persistedQueryHashes(page)).toContain('["/api/user"]');
    // None of them was opened: the persisted query cache holds no transcription of its own.
    expect((await persistedQueryHashes(page)).filter((hash) => uploads.some((t) => hash.includes(t.id)))).toEqual([]);

    allowPageErrors(/net::ERR_INTERNET_DISCONNECTED$/);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId("offline-indicator").waitFor();
    for (const t of uploads) {
      await page.goto(`/transcription/${t.id}`);
      await page.getByRole("heading", { name: t.file_name }).waitFor();
      // The timed transcript: lines with their times (offline they cannot seek: the recording is not here).
      const transcript = page.getByRole("list", { name: "Full transcript" });
      await transcript.getByText(phrasePattern()).waitFor();
      await transcript.getByText("[00:00]").first().waitFor();
      await page.getByRole("tab", { name: "Summary" }).click();
      expect((await page.getByRole("tabpanel").textContent())?.trim().length).toBeGreaterThan(10);
    }
    await screenshot(page, "library-offline-detail");

    await context.setOffline(false);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: /^Account menu for / }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.getByRole("link", { name: "Sign up" }).waitFor();
    await expect.poll(async () => deviceLibraries(page), { timeout: 10_000 }).toEqual([]);
    await context.close();
  });
});

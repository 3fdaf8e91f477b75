import { describe, expect, it } from "vitest";
import { registerViaApi, uploadViaApi, waitUntilFinished } from "./support/api";
import { allowPageErrors, newContext, newPage, screenshot, toast } from "./support/browser";
import { JFK_FLAC, JFK_MP3, JFK_VIDEO } from "./support/env";
import { deviceLibraries } from "./support/idb";

// Issue 16: renames and deletions made offline are sent, in order, when the connection returns; a change made
// elsewhere meanwhile wins, and the user is told.

describe("changes made offline", () => {
  it("reach the server when the connection returns; a conflicting change made elsewhere wins, and the user is told", async () => {
    const context = await newContext();
    const user = await registerViaApi(context);
    const mp3 = await uploadViaApi(context, JFK_MP3);
    const flac = await uploadViaApi(context, JFK_FLAC, "audio/flac");
    const video = await uploadViaApi(context, JFK_VIDEO, "video/mp4");
    for (const t of [mp3, flac, video]) await waitUntilFinished(context, t.id);

    const page = await newPage(context);
    await page.goto("/dashboard");
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    await expect.poll(async () => (await deviceLibraries(page))[0]?.transcriptions, { timeout: 20_000 }).toBe(3);

    allowPageErrors(/net::ERR_INTERNET_DISCONNECTED$/);
    await context.setOffline(true);
    await page.getByTestId("offline-indicator").waitFor();

    // A second session, online elsewhere, renames the video first.
    const elsewhere = await newContext();
    const login = await elsewhere.request.post("/api/login", {
      data: { username: user.username, password: user.password },
    });
    expect(login.status()).toBe(200);
    const renamedElsewhere = await elsewhere.request.patch(`/api/transcriptions/${video.id}/rename`, {
      data: { name: "Renamed elsewhere" },
    });
    expect(renamedElsewhere.status()).toBe(200);

    const rename = async (title: string, name: string) => {
      await page.getByRole("button", { name: `Rename ${title}` }).click();
      await page.getByRole("dialog").getByLabel("Name", { exact: true }).fill(name);
      await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
      await toast(page).filter({ hasText: "Renamed on this device" }).last().waitFor();
    };
    await rename("jfk.mp3", "Offline name");
    await page.getByRole("button", { name: "Delete jfk.flac" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await toast(page).filter({ hasText: "Deleted on this device" }).waitFor();
    await rename("jfk_video.mp4", "Mine offline");

    // What waits is shown: the count, and a mark on each card changed.
    await page.getByTestId("pending-sync").filter({ hasText: "3 changes made offline waiting to sync" }).waitFor();
    const card = (title: string) => page.getByTestId("transcription-card").filter({ hasText: title });
    await card("Offline name").getByText("Waiting to sync").waitFor();
    expect(await card("jfk.flac").count()).toBe(0);
    await screenshot(page, "offline-changes-waiting");

    await context.setOffline(false);
    const told = toast(page).filter({ hasText: "An offline change was not applied" });
    await told.waitFor({ timeout: 20_000 });
    expect(await told.textContent()).toContain(
      "“Renamed elsewhere” was changed elsewhere while you were offline, so your rename to “Mine offline” was not applied.",
    );
    await page.getByTestId("pending-sync").waitFor({ state: "detached" });
    await card("Renamed elsewhere").waitFor();
    await card("Offline name").waitFor();

    // The server has both offline changes, and kept the newer rename.
    const names = async () =>
      ((await (await elsewhere.request.get("/api/transcriptions")).json()) as { id: string; name: string | null }[])
        .map((t) => [t.id, t.name])
        .sort();
    expect(await names()).toEqual(
      [
        [mp3.id, "Offline name"],
        [video.id, "Renamed elsewhere"],
      ].sort(),
    );
    await elsewhere.close();
    await context.close();
  });
});

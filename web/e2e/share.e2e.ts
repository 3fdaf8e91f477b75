import { describe, expect, it } from "vitest";
import { registerViaApi, uploadViaApi, waitUntilFinished } from "./support/api";
import { seriousViolations } from "./support/axe";
import { newPage, screenshot } from "./support/browser";
import { JFK_MP3 } from "./support/env";
import { clientContext } from "./support/session";

// Share links as people meet them: the owner makes a read-only link in the transcript's Share dialog, someone with
// no account opens it (transcript, speakers' lines, the recording, which a line seeks), the owner sees the view
// counted, and a revoked link stops at once. The rules behind it are in worker/src/share-links/share-links.test.ts.

describe("share links", () => {
  it("show one transcript to a signed-out browser, count the view, and stop when revoked", async () => {
    const owner = await clientContext();
    await registerViaApi(owner);
    const { id } = await uploadViaApi(owner, JFK_MP3);
    await waitUntilFinished(owner, id);
    const page = await newPage(owner);
    await page.goto(`/transcription/${id}`);
    await page.getByRole("button", { name: "Share" }).click();
    const dialog = page.getByRole("dialog", { name: "Share this transcript" });
    await dialog.getByText("No links yet.").waitFor();
    await dialog.getByLabel("Include the summary and key points").uncheck();
    await dialog.getByLabel("Link expires").selectOption("30");
    await dialog.getByRole("button", { name: "Create link" }).click();
    const address = (await dialog.getByTestId("share-address").textContent()) ?? "";
    expect(address).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole("list", { name: "Share links" }).getByText("not opened yet").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const outsider = await clientContext();
    const reader = await newPage(outsider);
    const opened = await reader.goto(address);
    expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await reader.getByRole("heading", { name: "jfk.mp3" }).waitFor();
    const lines = reader.getByRole("list", { name: "Transcript" }).getByRole("listitem");
    await lines.first().waitFor();
    expect(await lines.count()).toBeGreaterThan(0);
    // The owner left the summary out; the recording is in, and a line's time seeks it.
    expect(await reader.getByRole("heading", { name: "Summary" }).count()).toBe(0);
    const audio = reader.locator("audio");
    await audio.waitFor();
    const stamp = lines.getByRole("button", { name: /^Play from / }).last();
    const [, mm, ss] = /(\d+):(\d+)/.exec((await stamp.getAttribute("aria-label")) ?? "") ?? [];
    const target = Number(mm) * 60 + Number(ss);
    expect(target).toBeGreaterThan(0);
    await stamp.click();
    await reader.waitForFunction((at) => (document.querySelector("audio")?.currentTime ?? 0) >= at, target, {
      timeout: 20_000,
    });
    expect(await reader.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    expect(await seriousViolations(reader)).toEqual([]);
    await screenshot(reader, "shared-transcript");

    await page.reload();
    await page.getByRole("button", { name: "Share" }).click();
    const list = page.getByRole("dialog", { name: "Share this transcript" }).getByRole("list", { name: "Share links" });
    await list.getByText("opened 1 time").waitFor();
    await list.getByRole("button", { name: "Revoke" }).click();
    await page.getByText("No links yet.").waitFor();

    await reader.reload();
    await reader.getByRole("heading", { name: "This link does not open" }).waitFor();
    await owner.close();
    await outsider.close();
  });
});

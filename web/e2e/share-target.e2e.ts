import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { registerViaApi, waitUntilFinished } from "./support/api";
import { allowPageErrors, newContext, newPage, screenshot } from "./support/browser";
import { BASE_URL, JFK_MP3 } from "./support/env";

// Issue 16: a recording shared to the installed app (a phone's share sheet) lands on the upload page, queued.
// The share is a multipart POST to the manifest's share_target, answered by the service worker, offline too.

describe("share target", () => {
  it("queues a shared recording offline, lists it on the upload page, and uploads it once online", async () => {
    const context = await newContext();
    await registerViaApi(context);
    const page = await newPage(context);
    await page.goto("/upload");
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    const manifest = await (await context.request.get("/manifest.webmanifest")).json();
    expect(manifest.share_target).toEqual({
      action: "/share-target",
      method: "POST",
      enctype: "multipart/form-data",
      params: { files: [{ name: "recording", accept: ["audio/*", "video/*"] }] },
    });

    allowPageErrors(/net::ERR_INTERNET_DISCONNECTED$/);
    await context.setOffline(true);
    // What the share sheet does: a form POST of the files to the share target, as a navigation.
    await page.evaluate(() => {
      const form = Object.assign(document.createElement("form"), {
        id: "share",
        method: "post",
        enctype: "multipart/form-data",
        action: "/share-target",
      });
      const input = Object.assign(document.createElement("input"), { type: "file", name: "recording", multiple: true });
      form.append(input);
      document.body.append(form);
    });
    await page.setInputFiles("#share input", [
      { name: "jfk.mp3", mimeType: "audio/mpeg", buffer: readFileSync(JFK_MP3) },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a recording") },
    ]);
    await page.evaluate(() => (document.getElementById("share") as HTMLFormElement).submit());
    await page.waitForURL(`${BASE_URL}/upload?shared=1&refused=1`);
    await page
      .getByText(
        "1 shared recording is in the list below and will be uploaded. 1 shared file was not audio or video and left out.",
      )
      .waitFor();
    const row = page.getByTestId("upload-row").filter({ hasText: "jfk.mp3" });
    await expect.poll(async () => row.getAttribute("data-status"), { timeout: 10_000 }).toBe("queued");
    await screenshot(page, "share-target-queued");

    await context.setOffline(false);
    await expect
      .poll(
        async () =>
          (
            (await (await context.request.get("/api/transcriptions")).json()) as { id: string; file_name: string }[]
          ).map((t) => t.file_name),
        { timeout: 30_000 },
      )
      .toEqual(["jfk.mp3"]);
    const [shared] = (await (await context.request.get("/api/transcriptions")).json()) as { id: string }[];
    const done = await waitUntilFinished(context, shared?.id ?? "");
    expect(done.status).toBe("COMPLETED");
    await context.close();
  });
});

import { describe, expect, it } from "vitest";
import { registerViaApi, uploadViaApi, waitUntilFinished } from "./support/api";
import { seriousViolations } from "./support/axe";
import { newPage, screenshot } from "./support/browser";
import { JFK_MP3 } from "./support/env";
import { clientContext } from "./support/session";

// Comments on a moment as a user meets them: a thread starts on the line the recording is at, collects a reply, is
// resolved (and hidden) and reopened, and its time seeks the recording. The rules are in worker/src/comments.

describe("comments on a moment", () => {
  it("start on the playing line, take replies, resolve and reopen, and seek the recording", async () => {
    const ctx = await clientContext();
    await registerViaApi(ctx);
    const { id } = await uploadViaApi(ctx, JFK_MP3);
    await waitUntilFinished(ctx, id);
    const page = await newPage(ctx);
    await page.goto(`/transcription/${id}`);

    // Choose the last line's moment by clicking its time, as a user would.
    const stamp = page
      .getByRole("list", { name: "Full transcript" })
      .getByRole("button", { name: /^Play from / })
      .last();
    const [, mm, ss] = /(\d+):(\d+)/.exec((await stamp.getAttribute("aria-label")) ?? "") ?? [];
    const at = `${mm}:${ss}`;
    await stamp.click();
    await page.getByRole("tab", { name: "Comments" }).click();
    const form = page.getByRole("form", { name: "New comment" });
    await form.getByText(`Comment on ${at}`).waitFor();
    await form.getByRole("textbox").fill("Is this the quote for the newsletter?");
    await form.getByRole("button", { name: "Comment" }).click();

    const threads = page.getByRole("list", { name: "Comment threads" });
    await threads.getByText("Is this the quote for the newsletter?").waitFor();
    await threads.getByRole("textbox").fill("Yes, the last sentence.");
    await threads.getByRole("button", { name: "Reply" }).click();
    await threads.getByText("Yes, the last sentence.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "comments");

    await threads.getByRole("button", { name: "Resolve" }).click();
    await page.getByText("No comments yet.").waitFor();
    await page.getByRole("button", { name: "Show 1 resolved thread" }).click();
    await threads.getByRole("button", { name: "Reopen" }).click();
    await page.getByRole("button", { name: "Hide resolved threads" }).waitFor({ state: "detached" });

    // Back at the start, the thread's time brings the recording to its moment.
    await page.evaluate(() => {
      const audio = document.querySelector("audio");
      if (audio) {
        audio.pause();
        audio.currentTime = 0;
      }
    });
    await threads.getByRole("button", { name: `Play from ${at}` }).click();
    const seconds = Number(mm) * 60 + Number(ss);
    await page.waitForFunction((s) => (document.querySelector("audio")?.currentTime ?? 0) >= s, seconds, {
      timeout: 20_000,
    });

    // After a reload the thread is still there: it is stored, not kept in the page.
    await page.reload();
    await page.getByRole("tab", { name: "Comments" }).click();
    await page.getByRole("list", { name: "Comment threads" }).getByText("Yes, the last sentence.").waitFor();
    await ctx.close();
  });
});

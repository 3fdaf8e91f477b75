import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { traceSchema, transcriptionSchema } from "@verbatim/shared";
import { says } from "@verbatim/testing/stable-words";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { engineControl, testFile, upload, waitUntilDone } from "../../test/transcriptions";
import { createDb } from "../db/client";
import { transcriptionChunks, transcriptions } from "../db/schema";
import worker from "../index";
import { mediaKey } from "../store/keys";

/** What the every-minute cron trigger (wrangler.toml) does. */
async function runMinuteCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function logsOf(cookie: string, id: string) {
  return (await readJson(await api(`/api/transcriptions/${id}/trace`, { cookie }), traceSchema)).logs;
}

async function waitForLog(cookie: string, id: string, pattern: RegExp, timeoutMs = 60_000) {
  await expect
    .poll(async () => (await logsOf(cookie, id)).some((l) => pattern.test(l)), {
      timeout: timeoutMs,
      interval: 200,
      message: `no log line matching ${pattern}`,
    })
    .toBe(true);
}

describe("when the speech engine fails", () => {
  it("retries while the engine is down and completes once it is back", async () => {
    const { cookie } = await signUp();
    await engineControl("down");
    try {
      const { id } = await readJson(
        await upload(cookie, await testFile("jfk.flac"), "jfk.flac", "audio/flac"),
        transcriptionSchema,
      );
      await waitForLog(cookie, id, /unreachable.*retrying the recording in \d+ s/);
      expect(await readJson(await api(`/api/transcriptions/${id}`, { cookie }), transcriptionSchema)).toMatchObject({
        status: "PROCESSING",
      });
      await engineControl("up");
      const { t } = await waitUntilDone(cookie, id);
      expect(t.status).toBe("COMPLETED");
      expect(says(t.text), t.text ?? "").toBe(true);
    } finally {
      await engineControl("up");
    }
  });

  it("fails with a clear reason after the last attempt, and can be reprocessed", async () => {
    const { cookie } = await signUp();
    await engineControl("down");
    let id: string;
    try {
      ({ id } = await readJson(
        await upload(cookie, await testFile("jfk.mp3"), "jfk.mp3", "audio/mpeg"),
        transcriptionSchema,
      ));
      const { t } = await waitUntilDone(cookie, id);
      expect(t.status).toBe("FAILED");
      expect(t.error_message).toMatch(
        /^Speech recognition was unavailable after 5 attempts \(The speech engine is unreachable/,
      );
      expect(t.error_message).toMatch(/Try Reprocess later\.$/);
    } finally {
      await engineControl("up");
    }
    const again = await api(`/api/transcriptions/${id}/reprocess`, { method: "POST", cookie });
    expect(again.status).toBe(200);
    expect((await readJson(again, transcriptionSchema)).status).toBe("REPROCESSING");
    const { t } = await waitUntilDone(cookie, id);
    expect(t.status).toBe("COMPLETED");
    expect(t.error_message).toBeNull();
  });
});

describe("a job interrupted by a crash", () => {
  it("is picked up again and finishes", async () => {
    const { cookie, user } = await signUp();
    const db = createDb(env.DB);
    const id = crypto.randomUUID();
    const key = mediaKey(user.id, id, "jfk.flac");
    await env.MEDIA.put(key, await testFile("jfk.flac"), { httpMetadata: { contentType: "audio/flac" } });
    // The state a worker leaves when it dies mid-transcription: the part is PROCESSING, its lease has run
    // out, and no queue message is left to finish it.
    await db.insert(transcriptions).values({
      id,
      userId: user.id,
      fileName: "jfk.flac",
      fileType: "audio/flac",
      filePath: key,
      status: "PROCESSING",
      progressPercentage: 5,
    });
    await db.insert(transcriptionChunks).values({
      transcriptionId: id,
      idx: 0,
      r2Key: key,
      startOffset: 0,
      status: "PROCESSING",
      attempts: 1,
      leaseUntil: Date.now() - 1000,
    });
    // Reading the list is only a read: recovery is the cron's job.
    expect((await api("/api/transcriptions", { cookie })).status).toBe(200);
    const [chunk] = await db.select().from(transcriptionChunks).where(eq(transcriptionChunks.transcriptionId, id));
    expect(chunk?.status).toBe("PROCESSING");
    expect(await logsOf(cookie, id)).not.toEqual(expect.arrayContaining([expect.stringMatching(/Resuming/)]));

    await runMinuteCron();
    const { t } = await waitUntilDone(cookie, id);
    expect(t.status).toBe("COMPLETED");
    expect(await logsOf(cookie, id)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Resuming part 1 after an interruption/)]),
    );
  });
});

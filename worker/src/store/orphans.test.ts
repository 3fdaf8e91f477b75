import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api, signUp } from "../../test/http";
import { testFile } from "../../test/transcriptions";
import { createDb } from "../db/client";
import { transcriptionChunks } from "../db/schema";
import { transcribeChunk } from "../jobs/transcribe-chunk";
import { chunkKey, mediaKey, transcriptionPrefix, userPrefix } from "./keys";
import { sweepOrphans } from "./orphans";
import { insertTranscription } from "./transcriptions";

const keysUnder = async (prefix: string) => (await env.MEDIA.list({ prefix })).objects.map((o) => o.key);

describe("deleted means deleted (finding 9)", () => {
  it("a transcription deleted while its job runs leaves nothing in R2", async () => {
    const { user, cookie } = await signUp();
    const db = createDb(env.DB);
    const id = crypto.randomUUID();
    // A transcription with its one chunk stored, run here by hand (no queue message) so the delete can be
    // timed to land while the engine is transcribing.
    const key = chunkKey(user.id, id, 0);
    await env.MEDIA.put(key, await testFile("jfk.flac"), { httpMetadata: { contentType: "audio/flac" } });
    await insertTranscription(db, {
      id,
      userId: user.id,
      fileName: "jfk.flac",
      fileType: "audio/flac",
      filePath: mediaKey(user.id, id, "jfk.flac"),
    });
    await db.insert(transcriptionChunks).values({ transcriptionId: id, idx: 0, r2Key: key, startOffset: 0 });

    const job = transcribeChunk(env, db, id, 0);
    const chunkState = () =>
      db.query.transcriptionChunks.findFirst({
        where: and(eq(transcriptionChunks.transcriptionId, id), eq(transcriptionChunks.idx, 0)),
      });
    await expect.poll(async () => (await chunkState())?.status, { timeout: 30_000, interval: 10 }).toBe("PROCESSING");
    expect((await api(`/api/transcriptions/${id}`, { method: "DELETE", cookie })).status).toBe(200);
    // However the job ends (its log lines have no row to attach to), what it wrote must be gone.
    await job.catch(() => {});
    expect(await keysUnder(transcriptionPrefix(user.id, id))).toEqual([]);
  });

  it("the sweep removes objects under deleted transcriptions and users, and keeps everyone else's", async () => {
    const { user } = await signUp();
    const db = createDb(env.DB);
    const kept = crypto.randomUUID();
    await insertTranscription(db, {
      id: kept,
      userId: user.id,
      fileName: "a.mp3",
      fileType: "audio/mpeg",
      filePath: mediaKey(user.id, kept, "a.mp3"),
    });
    const ghostUser = crypto.randomUUID();
    const gone = crypto.randomUUID();
    const objects = {
      keptMedia: mediaKey(user.id, kept, "a.mp3"),
      photo: `${userPrefix(user.id)}profile/photo.png`,
      deletedResult: `${transcriptionPrefix(user.id, gone)}results/0.json`,
      deletedUsersResult: `${transcriptionPrefix(ghostUser, gone)}results/0.json`,
      deletedUsersPhoto: `${userPrefix(ghostUser)}profile/photo.png`,
    };
    for (const key of Object.values(objects)) await env.MEDIA.put(key, "x");

    // Younger than the grace period (a single-file upload writes before its row exists): left alone.
    expect(await sweepOrphans(db, env.MEDIA)).toBe(0);
    expect(await sweepOrphans(db, env.MEDIA, 0)).toBe(3);
    expect(await keysUnder(userPrefix(ghostUser))).toEqual([]);
    expect((await keysUnder(userPrefix(user.id))).sort()).toEqual([objects.keptMedia, objects.photo].sort());
  });
});

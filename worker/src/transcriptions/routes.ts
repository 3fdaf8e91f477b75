import { renameSchema, transcriptDocSchema } from "@verbatim/shared";
import { Hono } from "hono";
import { currentUserId, requireUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { notFound } from "../http/errors";
import { validate } from "../http/validate";
import { resumeStalledJobs } from "../jobs/sweep";
import { withSlot } from "../plans/limits";
import { transcriptDocKey } from "./keys";
import { reanalyze, remove, rename, reprocess, trace } from "./lifecycle";
import { streamMedia } from "./media";
import { getOwned, listOwned } from "./repository";
import { toListItem, toTranscription } from "./serialize";
import { uploadSingleFile } from "./upload";

export const transcriptionRoutes = new Hono<AppEnv>()
  .use("/transcriptions/*", requireUser)
  .use("/transcriptions", requireUser)
  .get("/transcriptions", async (c) => {
    const userId = currentUserId(c);
    // Polling clients double as the crash-recovery heartbeat where no cron runs (local development).
    c.executionCtx.waitUntil(resumeStalledJobs(c.env, c.get("db"), userId).catch(() => {}));
    const rows = await listOwned(c.get("db"), userId);
    return c.json(rows.map(toListItem));
  })
  .post("/transcriptions/upload", async (c) => {
    const userId = currentUserId(c);
    // The plan's slot is taken before a byte of the body is read.
    const row = await withSlot(c.env.DB, userId, () => uploadSingleFile(c.env, c.get("db"), userId, c.req.raw));
    return c.json(toTranscription(row), 201);
  })
  .get("/transcriptions/:id", async (c) => {
    return c.json(toTranscription(await getOwned(c.get("db"), currentUserId(c), c.req.param("id"))));
  })
  .patch("/transcriptions/:id/rename", validate("json", renameSchema), async (c) => {
    const row = await rename(c.get("db"), currentUserId(c), c.req.param("id"), c.req.valid("json").name);
    return c.json(toTranscription(row));
  })
  .delete("/transcriptions/:id", async (c) => {
    await remove(c.env, c.get("db"), currentUserId(c), c.req.param("id"));
    return c.json({ message: "Transcription deleted", id: c.req.param("id") });
  })
  .post("/transcriptions/:id/reprocess", async (c) => {
    const userId = currentUserId(c);
    const row = await withSlot(c.env.DB, userId, () => reprocess(c.env, c.get("db"), userId, c.req.param("id")));
    return c.json(toTranscription(row));
  })
  .post("/transcriptions/:id/analyze", async (c) => {
    return c.json(toTranscription(await reanalyze(c.env, c.get("db"), currentUserId(c), c.req.param("id"))));
  })
  .get("/transcriptions/:id/trace", async (c) => {
    return c.json(await trace(c.get("db"), currentUserId(c), c.req.param("id")));
  })
  .get("/transcriptions/:id/segments", async (c) => {
    const t = await getOwned(c.get("db"), currentUserId(c), c.req.param("id"));
    const obj = await c.env.MEDIA.get(transcriptDocKey(t.userId, t.id));
    if (!obj) throw notFound("The timed transcript is not ready yet");
    return c.json(transcriptDocSchema.parse(await obj.json()));
  })
  .get("/transcriptions/:id/media", async (c) => {
    const t = await getOwned(c.get("db"), currentUserId(c), c.req.param("id"));
    return streamMedia(c.env.MEDIA, t.filePath, t.fileType, c.req.header("Range"));
  });

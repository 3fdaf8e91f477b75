import {
  chunkQuerySchema,
  chunkReceiptSchema,
  createChunkedSchema,
  isActive,
  mediaTypeOf,
  sealChunksSchema,
  transcriptionSchema,
} from "@verbatim/shared";
import { spaceQuerySchema } from "@verbatim/shared/workspaces";
import { Hono } from "hono";
import { currentUserId } from "../auth";
import { transcriptionChunks } from "../db/schema";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { doc, json, rawBody } from "../http/openapi";
import { validate } from "../http/validate";
import { enqueueChunk, enqueueStep, failTranscription } from "../jobs";
import { CHUNK_EVENTS, readyToJoin } from "../rules/job-state";
import { authorize, uploadSpace } from "../store/access";
import { chunkKey, mediaKey } from "../store/keys";
import { durationRefusal, releaseWork, tooLongError, withSlot } from "../store/plan-usage";
import { writeStreamToR2 } from "../store/r2-writer";
import { appendLog, insertTranscription, listChunks, spaceOf, updateTranscription } from "../store/transcriptions";
import { assertAcceptedType, declaredFileSize, sniffMedia } from "./create";
import { toTranscription } from "./serialize";
import { speakerChoice } from "./speaker-options";

// The chunked path: a client that has split (and usually compressed) a long recording sends ordered audio
// chunks with their offsets. Each chunk is transcribed by its own queue message, in parallel, while the rest
// is still uploading; sealing says how many there are, and the last one to finish triggers the stitch.
// Mounted under /transcriptions, behind its sign-in check.

const MAX_CHUNK_BYTES = 100 * 1024 * 1024;
const CHUNK_TOO_LARGE = "A chunk must be less than 100MB";
const tag = "chunked uploads";
const docs = {
  create: doc({
    summary: "Start a transcription whose audio arrives in ordered chunks",
    tag,
    responses: { 201: json(transcriptionSchema, "The new transcription, PENDING") },
    errors: [400, 402, 404, 415],
  }),
  chunk: doc({
    summary: "Send (or re-send) chunk `idx`, starting `start` seconds into the recording",
    tag,
    requestBody: rawBody("The chunk's audio, at most 100 MB"),
    responses: { 201: json(chunkReceiptSchema, "Stored; its transcription is queued") },
    errors: [400, 402, 404, 409, 413, 415],
  }),
  seal: doc({
    summary: "Say how many chunks there are; the transcript is stitched once all are done",
    tag,
    responses: { 200: json(transcriptionSchema, "The transcription") },
    errors: [400, 404, 409],
  }),
};

export const chunkedRoutes = new Hono<AppEnv>()
  .post(
    "/chunked",
    docs.create,
    validate("json", createChunkedSchema),
    validate("query", spaceQuerySchema),
    async (c) => {
      const userId = currentUserId(c);
      const body = c.req.valid("json");
      assertAcceptedType(body.fileName, body.fileType);
      const speakers = speakerChoice(body);
      const id = crypto.randomUUID();
      const space = await uploadSpace(c.get("db"), userId, c.req.valid("query").space);
      const row = await withSlot(c.env.DB, space, () =>
        insertTranscription(c.get("db"), {
          id,
          ...space,
          fileName: body.fileName,
          fileType: mediaTypeOf(body.fileName, body.fileType),
          filePath: mediaKey(userId, id, body.fileName),
          source: "chunks",
          chunksExpected: body.chunks ?? null,
          language: body.language ?? null,
          ...speakers,
        }),
      );
      await appendLog(c.get("db"), id, `Receiving the recording in ${body.chunks ?? "several"} parts`);
      return c.json(toTranscription(row), 201);
    },
  )
  .put("/:id/chunks/:idx{[0-9]+}", docs.chunk, validate("query", chunkQuerySchema), async (c) => {
    const db = c.get("db");
    const t = await authorize(db, currentUserId(c), c.req.param("id"), "upload");
    if (t.source !== "chunks") throw new ApiError(409, "This transcription was not created for chunked upload");
    if (!isActive(t.status)) throw new ApiError(409, "This transcription is no longer accepting audio");
    const idx = Number(c.req.param("idx"));
    if (t.chunksExpected !== null && idx >= t.chunksExpected)
      throw new ApiError(400, `Chunk ${idx} is beyond the ${t.chunksExpected} announced`);
    if (!c.req.raw.body) throw new ApiError(400, "File cannot be empty");
    const start = c.req.valid("query").start;
    // A part that starts past the plan's length is refused before anything of it is stored or transcribed, and the
    // recording fails with the reason, its slot given back, as when a transcribed part reveals the length.
    const refusal = await durationRefusal(c.env.DB, spaceOf(t), start + 0.001, { atLeast: true });
    if (refusal) {
      await failTranscription(c.env, db, t.id, refusal);
      await releaseWork(c.env.DB, t.id);
      throw tooLongError(refusal);
    }
    const size = declaredFileSize(c.req.header("Content-Length"), MAX_CHUNK_BYTES, CHUNK_TOO_LARGE);
    const stream = await sniffMedia(c.req.raw.body);
    const key = chunkKey(t.userId, t.id, idx);
    await writeStreamToR2(c.env.MEDIA, key, stream, {
      contentType: c.req.header("Content-Type") ?? "application/octet-stream",
      maxBytes: MAX_CHUNK_BYTES,
      tooLarge: CHUNK_TOO_LARGE,
      size,
    });
    // Re-sending a chunk (after a dropped connection) replaces it and transcribes it again.
    await db
      .insert(transcriptionChunks)
      .values({ transcriptionId: t.id, idx, r2Key: key, startOffset: start })
      .onConflictDoUpdate({
        target: [transcriptionChunks.transcriptionId, transcriptionChunks.idx],
        set: { r2Key: key, startOffset: start, status: CHUNK_EVENTS.reset.to, attempts: 0, error: null },
      });
    await enqueueChunk(c.env, db, t.id, idx);
    return c.json({ idx, start }, 201);
  })
  .post("/:id/chunks/seal", docs.seal, validate("json", sealChunksSchema), async (c) => {
    const db = c.get("db");
    const t = await authorize(db, currentUserId(c), c.req.param("id"), "upload");
    if (t.source !== "chunks") throw new ApiError(409, "This transcription was not created for chunked upload");
    const { chunks: count } = c.req.valid("json");
    // Joined already (every announced piece was transcribed before the seal came): sealing again changes nothing.
    if (!isActive(t.status) && t.chunksExpected === count) return c.json(toTranscription(t));
    const have = await listChunks(db, t.id);
    const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !have.some((h) => h.idx === i));
    if (missing.length) throw new ApiError(400, `Missing chunks: ${missing.join(", ")}`);
    await updateTranscription(db, t.id, { chunksExpected: count });
    await appendLog(db, t.id, `All ${count} parts received`);
    if (readyToJoin({ source: t.source, chunksExpected: count }, have)) await enqueueStep(c.env, db, "stitch", t.id);
    return c.json(toTranscription(await authorize(db, currentUserId(c), t.id, "read")));
  });

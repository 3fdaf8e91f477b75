import { FILE_EMPTY, FILE_TOO_LARGE, isActive, MAX_UPLOAD_BYTES, mediaReceiptSchema } from "@verbatim/shared";
import { Hono } from "hono";
import { currentUserId } from "../auth";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { doc, json, rangedMedia, rawBody } from "../http/openapi";
import { peek, sniffMediaType } from "../rules/media-sniff";
import { authorize } from "../store/access";
import { writeStreamToR2 } from "../store/r2-writer";
import { updateTranscription } from "../store/transcriptions";

import { declaredFileSize, NOT_MEDIA } from "./create";
import { streamMedia } from "./media";

// A transcription's recording: played back (GET, with Range) and, for a chunked upload, stored (PUT).
// Mounted under /transcriptions, behind its sign-in check.

const docs = {
  get: doc({
    summary: "The recording, with HTTP Range support for seeking",
    tag: "transcriptions",
    ...rangedMedia,
    errors: [404],
  }),
  put: doc({
    summary: "Store the recording for playback",
    tag: "chunked uploads",
    requestBody: rawBody("The recording, at most 500 MB"),
    responses: { 201: json(mediaReceiptSchema, "Stored") },
    errors: [400, 404, 409, 413, 415],
  }),
};

export const mediaRoutes = new Hono<AppEnv>()
  .get("/:id/media", docs.get, async (c) => {
    const t = await authorize(c.get("db"), currentUserId(c), c.req.param("id"), "read");
    return streamMedia(c.env.MEDIA, t.filePath, c.req.header("Range"));
  })
  .put("/:id/media", docs.put, async (c) => {
    // The recording for playback (often the compressed audio the chunks were cut from).
    const db = c.get("db");
    const t = await authorize(db, currentUserId(c), c.req.param("id"), "upload");
    // Only a chunked upload waits for its recording: while in progress (a retry may replace it), and once
    // finished if it has none yet — its pieces are sent first and can all be transcribed before the recording,
    // the largest request, has arrived. A single-file transcription, or a finished one with its recording,
    // keeps what was stored.
    const waitsForRecording = isActive(t.status) || (t.status !== "FAILED" && t.fileSize === null);
    if (t.source !== "chunks" || !waitsForRecording)
      throw new ApiError(409, "This transcription is no longer accepting audio");
    if (!c.req.raw.body) throw new ApiError(400, "File cannot be empty");
    const declared = declaredFileSize(c.req.header("Content-Length"));
    const { head, stream } = await peek(c.req.raw.body);
    const type = sniffMediaType(head);
    if (!type) {
      await stream.cancel().catch(() => {});
      throw new ApiError(head.length === 0 ? 400 : 415, head.length === 0 ? FILE_EMPTY : NOT_MEDIA);
    }
    const { size } = await writeStreamToR2(c.env.MEDIA, t.filePath, stream, {
      contentType: type,
      maxBytes: MAX_UPLOAD_BYTES,
      tooLarge: FILE_TOO_LARGE,
      size: declared,
    });
    await updateTranscription(db, t.id, { fileSize: size });
    return c.json({ size }, 201);
  });

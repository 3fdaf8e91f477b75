import {
  completeUploadSchema,
  createMultipartSchema,
  mediaTypeOf,
  messageResponseSchema,
  resumableUploadSchema,
  transcriptionSchema,
  uploadedPartSchema,
} from "@verbatim/shared";
import { spaceQuerySchema } from "@verbatim/shared/workspaces";
import { Hono } from "hono";
import { currentUserId, requireUser } from "../auth";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { doc, json, optionalJsonBody, rawBody } from "../http/openapi";
import { assertUploadSlotFree, confirmUploadSlot } from "../http/rate-limit";
import { readOptionalJson, validate } from "../http/validate";
import { uploadSpace } from "../store/access";
import { mediaKey } from "../store/keys";
import { releaseWork, withSlot } from "../store/plan-usage";
import {
  describeUpload,
  insertUpload,
  listParts,
  ownedOpenUpload,
  partCount,
  partSizeFor,
  recordPart,
  setUploadStatus,
} from "../store/uploads";
import {
  assertAcceptedType,
  createFileTranscription,
  sniffMedia,
  speakerChoice,
  toTranscription,
} from "../transcriptions";

// Resumable uploads for recordings past the 500 MB form limit (up to 5 GB / 10 hours). The browser sends
// fixed-size parts straight into an R2 multipart upload; the parts already stored are listed so an upload
// broken by a network drop resumes where it stopped. The upload id becomes the transcription id.

const tag = "resumable uploads";
const docs = {
  create: doc({
    summary: "Start a resumable upload (up to 5 GB); it says the part size and count",
    tag,
    responses: { 201: json(resumableUploadSchema, "The upload, with no parts yet") },
    errors: [400, 402, 404, 415, 429],
  }),
  get: doc({
    summary: "The upload and the parts the server already holds (to resume)",
    tag,
    responses: { 200: json(resumableUploadSchema, "The upload") },
    errors: [404, 409],
  }),
  part: doc({
    summary: "Send part `n` (1-based), exactly the part size (the last one: the rest)",
    tag,
    requestBody: rawBody("The part's bytes"),
    responses: { 200: json(uploadedPartSchema, "Stored") },
    errors: [400, 404, 409, 415],
  }),
  complete: doc({
    summary: "Join the parts and start transcribing",
    tag,
    requestBody: optionalJsonBody(completeUploadSchema, "Optional: speaker recognition for the recording"),
    responses: { 201: json(transcriptionSchema, "The new transcription, PENDING") },
    errors: [400, 404, 409],
  }),
  abort: doc({
    summary: "Give up the upload and free its parts",
    tag,
    responses: { 200: json(messageResponseSchema, "Aborted") },
    errors: [404, 409],
  }),
};

/** /api/uploads, signed in only. */
export const uploadRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/", docs.create, validate("json", createMultipartSchema), validate("query", spaceQuerySchema), async (c) => {
    const userId = currentUserId(c);
    const { fileName, size } = c.req.valid("json");
    const fileType = mediaTypeOf(fileName, c.req.valid("json").fileType);
    assertAcceptedType(fileName, fileType);
    const space = await uploadSpace(c.get("db"), userId, c.req.valid("query").space);
    await assertUploadSlotFree(c.get("db"), c.env, userId);
    // The slot is taken when the upload starts; its id becomes the transcription's.
    const row = await withSlot(c.env.DB, space, async () => {
      const id = crypto.randomUUID();
      const key = mediaKey(userId, id, fileName);
      const multipart = await c.env.MEDIA.createMultipartUpload(key, {
        httpMetadata: { contentType: fileType || "application/octet-stream" },
      });
      const upload = await insertUpload(c.get("db"), {
        id,
        ...space,
        r2Key: key,
        r2UploadId: multipart.uploadId,
        fileName,
        fileType,
        size,
        partSize: partSizeFor(size),
      });
      // Uploads started at the same moment all passed the check above: the earliest ones keep their slots.
      await confirmUploadSlot(c.get("db"), c.env, userId, id).catch(async (err) => {
        await multipart.abort();
        throw err;
      });
      return upload;
    });
    return c.json(await describeUpload(c.get("db"), row), 201);
  })
  .get("/:id", docs.get, async (c) => {
    const row = await ownedOpenUpload(c.get("db"), currentUserId(c), c.req.param("id"));
    return c.json(await describeUpload(c.get("db"), row));
  })
  .put("/:id/parts/:n{[0-9]+}", docs.part, async (c) => {
    const db = c.get("db");
    const row = await ownedOpenUpload(db, currentUserId(c), c.req.param("id"));
    const n = Number(c.req.param("n"));
    const count = partCount(row.size, row.partSize);
    if (n < 1 || n > count) throw new ApiError(400, `Part number must be between 1 and ${count}`);
    const expected = n < count ? row.partSize : row.size - row.partSize * (count - 1);
    const declared = Number(c.req.header("Content-Length"));
    if (declared !== expected) throw new ApiError(400, `Part ${n} must be exactly ${expected} bytes`);
    if (!c.req.raw.body) throw new ApiError(400, "File cannot be empty");
    // A part (8 MiB) is read whole before R2 sees it: a client that goes away mid-part (a reload, a lost
    // network) then fails here, instead of handing R2 a stream that breaks halfway — which wedged local R2
    // (workerd spinning, every request stalled) in the resume tests. The first part carries the container
    // header, sniffed on the way.
    const stream = n === 1 ? await sniffMedia(c.req.raw.body) : c.req.raw.body;
    const cutOff = new ApiError(400, `Part ${n} was cut off before it arrived whole; send it again`);
    const body = await new Response(stream).arrayBuffer().catch(() => {
      throw cutOff;
    });
    // A broken body may also just end early, depending on where the connection broke.
    if (body.byteLength !== expected) throw cutOff;
    const multipart = c.env.MEDIA.resumeMultipartUpload(row.r2Key, row.r2UploadId);
    const part = await multipart.uploadPart(n, body);
    await recordPart(db, row.id, n, part.etag, expected);
    return c.json({ partNumber: n, etag: part.etag });
  })
  .post("/:id/complete", docs.complete, async (c) => {
    const db = c.get("db");
    const userId = currentUserId(c);
    const row = await ownedOpenUpload(db, userId, c.req.param("id"));
    // Still allowed into its workspace: a member removed since the upload started cannot finish it there.
    await uploadSpace(db, userId, row.workspaceId);
    const speakers = speakerChoice(await readOptionalJson(c.req.raw, completeUploadSchema));
    const parts = await listParts(db, row.id);
    const count = partCount(row.size, row.partSize);
    const missing = Array.from({ length: count }, (_, i) => i + 1).filter(
      (n) => !parts.some((p) => p.partNumber === n),
    );
    if (missing.length)
      throw new ApiError(400, `Missing parts: ${missing.slice(0, 20).join(", ")}${missing.length > 20 ? "…" : ""}`);
    await c.env.MEDIA.resumeMultipartUpload(row.r2Key, row.r2UploadId).complete(
      parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag })),
    );
    const t = await createFileTranscription(c.env, db, {
      id: row.id,
      userId,
      workspaceId: row.workspaceId,
      name: null,
      fileName: row.fileName,
      fileType: row.fileType,
      mediaKey: row.r2Key,
      size: row.size,
      ...speakers,
    }).catch(async (err) => {
      // Refused (a recording longer than the plan allows): nothing of it is kept, and its slot is given back.
      if (!(err instanceof ApiError && err.status === 402)) throw err;
      await c.env.MEDIA.delete(row.r2Key);
      await setUploadStatus(db, row.id, "ABORTED");
      await releaseWork(c.env.DB, row.id);
      throw err;
    });
    await setUploadStatus(db, row.id, "COMPLETED");
    return c.json(toTranscription(t), 201);
  })
  .delete("/:id", docs.abort, async (c) => {
    const db = c.get("db");
    const row = await ownedOpenUpload(db, currentUserId(c), c.req.param("id"));
    await c.env.MEDIA.resumeMultipartUpload(row.r2Key, row.r2UploadId).abort();
    await setUploadStatus(db, row.id, "ABORTED");
    await releaseWork(c.env.DB, row.id);
    return c.json({ message: "Upload aborted" });
  });

import {
  deletedTranscriptionSchema,
  renameSchema,
  reprocessSchema,
  traceSchema,
  transcriptDocSchema,
  transcriptionSchema,
  uploadFormSchema,
} from "@verbatim/shared";
import { spaceQuerySchema } from "@verbatim/shared/workspaces";
import { Hono } from "hono";
import { z } from "zod";
import { currentUserId, requireUser } from "../auth";
import type { AppEnv } from "../env";
import { notFound } from "../http/errors";
import { doc, formBody, json, optionalJsonBody } from "../http/openapi";
import { etagOf } from "../http/preconditions";
import { readOptionalJson, validate } from "../http/validate";
import { titleOf } from "../rules/transcription-title";
import { authorize, authorizeSpace, uploadSpace } from "../store/access";
import { withSlot } from "../store/plan-usage";
import { listInSpace, spaceOf } from "../store/transcriptions";
import { readCurrentDoc } from "../transcript-doc";
import { announce } from "../webhooks";
import { chunkedRoutes } from "./chunked-routes";
import { exportRoutes } from "./export-routes";
import { mediaRoutes } from "./media-routes";
import { toListItem, toTranscription } from "./serialize";
import { reanalyze, remove, rename, reprocess, trace } from "./service";
import { transcriptRoutes } from "./transcript-routes";
import { uploadSingleFile } from "./upload";

const tag = "transcriptions";

const one = (description: string) => json(transcriptionSchema, description);
const docs = {
  list: doc({
    summary: "A space's transcriptions, newest first (text cut to 280 characters)",
    tag,
    responses: { 200: json(z.array(transcriptionSchema), "The list") },
    errors: [400, 404],
  }),
  upload: doc({
    summary: "Upload one recording (up to 500 MB) and start transcribing it",
    tag,
    requestBody: formBody(uploadFormSchema, "The recording in the `file` field, after the optional fields"),
    responses: { 201: one("The new transcription, PENDING") },
    errors: [400, 402, 404, 413, 415],
  }),
  get: doc({
    summary: "One transcription with everything",
    tag,
    responses: { 200: one("The transcription") },
    errors: [404],
  }),
  rename: doc({
    summary: "Rename a transcription",
    tag,
    description: "With `If-Match` (the ETag of GET …/{id}), only if nothing changed it since: else 412.",
    responses: { 200: one("The renamed transcription") },
    errors: [400, 404, 412],
  }),
  remove: doc({
    summary: "Delete a transcription with its media and transcript",
    tag,
    description: "With `If-Match` (the ETag of GET …/{id}), only if nothing changed it since: else 412.",
    responses: { 200: json(deletedTranscriptionSchema, "Deleted") },
    errors: [404, 412],
  }),
  reprocess: doc({
    summary: "Run speech recognition again from the stored audio",
    tag,
    requestBody: optionalJsonBody(
      reprocessSchema,
      "Optional: speaker recognition for the new run, and whether the user's edits stay current (`edits`)",
    ),
    responses: { 200: one("The transcription, REPROCESSING") },
    errors: [400, 402, 404, 409],
  }),
  analyze: doc({
    summary: "Run only the analysis again",
    tag,
    responses: { 200: one("The transcription, PROCESSING") },
    errors: [404, 409],
  }),
  trace: doc({
    summary: "Live status with the job's log lines",
    tag,
    responses: { 200: json(traceSchema, "Status and logs") },
    errors: [404],
  }),
  segments: doc({
    summary: "The current timed transcript: segments with word times, speakers and its version",
    tag,
    responses: { 200: json(transcriptDocSchema, "The segments") },
    errors: [404],
  }),
};

/**
 * Everything under /api/transcriptions, signed in only: the transcriptions themselves here, their chunked
 * upload, recording and exports in the route files mounted below.
 */
export const transcriptionRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", docs.list, validate("query", spaceQuerySchema), async (c) => {
    const userId = currentUserId(c);
    const { workspaceId } = await authorizeSpace(c.get("db"), userId, c.req.valid("query").space, "read");
    const rows = await listInSpace(c.get("db"), { userId, workspaceId });
    return c.json(rows.map(toListItem));
  })
  .post("/upload", docs.upload, validate("query", spaceQuerySchema), async (c) => {
    const space = await uploadSpace(c.get("db"), currentUserId(c), c.req.valid("query").space);
    const row = await uploadSingleFile(c.env, c.get("db"), space, c.req.raw);
    return c.json(toTranscription(row), 201);
  })
  .get("/:id", docs.get, async (c) => {
    const row = await authorize(c.get("db"), currentUserId(c), c.req.param("id"), "read");
    return c.json(toTranscription(row), 200, { ETag: etagOf(row.updatedAt) });
  })
  .patch("/:id/rename", docs.rename, validate("json", renameSchema), async (c) => {
    const { name } = c.req.valid("json");
    const row = await rename(c.get("db"), currentUserId(c), c.req.param("id"), name, c.req.header("If-Match") ?? null);
    await announce(c.env, row.userId, row.id, "transcription.updated");
    return c.json(toTranscription(row), 200, { ETag: etagOf(row.updatedAt) });
  })
  .delete("/:id", docs.remove, async (c) => {
    const gone = await remove(
      c.env,
      c.get("db"),
      currentUserId(c),
      c.req.param("id"),
      c.req.header("If-Match") ?? null,
    );
    await announce(c.env, gone.userId, gone.id, "transcription.deleted", {
      title: titleOf(gone),
      status: gone.status,
    });
    return c.json({ message: "Transcription deleted", id: c.req.param("id") });
  })
  .post("/:id/reprocess", docs.reprocess, async (c) => {
    const userId = currentUserId(c);
    const options = await readOptionalJson(c.req.raw, reprocessSchema);
    const t = await authorize(c.get("db"), userId, c.req.param("id"), "edit");
    const row = await withSlot(c.env.DB, spaceOf(t), () => reprocess(c.env, c.get("db"), userId, t.id, options));
    return c.json(toTranscription(row));
  })
  .post("/:id/analyze", docs.analyze, async (c) => {
    return c.json(toTranscription(await reanalyze(c.env, c.get("db"), currentUserId(c), c.req.param("id"))));
  })
  .get("/:id/trace", docs.trace, async (c) => {
    return c.json(await trace(c.get("db"), currentUserId(c), c.req.param("id")));
  })
  .get("/:id/segments", docs.segments, async (c) => {
    const t = await authorize(c.get("db"), currentUserId(c), c.req.param("id"), "read");
    const current = await readCurrentDoc(c.env, t);
    if (!current) throw notFound("The timed transcript is not ready yet");
    return c.json(current);
  })
  .route("/", chunkedRoutes)
  .route("/", mediaRoutes)
  .route("/", exportRoutes)
  .route("/", transcriptRoutes);

import {
  bulkExportSchema,
  EXPORT_FORMAT_VALUES,
  type exportFormatSchema,
  exportQuerySchema,
  readStoredAnalysis,
  transcriptExportSchema,
} from "@verbatim/shared";
import { Hono } from "hono";
import type { z } from "zod";
import { currentUserId } from "../auth";
import type { Db } from "../db/client";
import type { TranscriptionRow } from "../db/schema";
import type { AppEnv } from "../env";
import type { ExportDoc, ExportFormat, ZipItem } from "../export";
import { ApiError } from "../http/errors";
import { doc, file, json } from "../http/openapi";
import { EXPORT_BURST, takeFromLimit } from "../http/rate-limit";
import { validate } from "../http/validate";
import { titleOf } from "../rules/transcription-title";
import { authorize } from "../store/access";
import { getPreferences } from "../store/preferences";
import { namedSegments, readCurrentDoc } from "../transcript-doc";

/** The reader's interface language, for the documents' headings (Settings › General › Language). */
const readerLocale = async (db: Db, userId: string) => (await getPreferences(db, userId)).general.language;

async function toExportDoc(bucket: R2Bucket, t: TranscriptionRow, locale: string): Promise<ExportDoc> {
  // The current (possibly edited) transcript, its speakers shown by name ("Dana", else "Speaker 1").
  const doc = await readCurrentDoc({ MEDIA: bucket }, t).catch(() => null);
  const analysis = readStoredAnalysis({
    key_points: t.keyPoints,
    summary_analysis: t.summaryAnalysis,
    transcription_details: t.transcriptionDetails,
  });
  return {
    id: t.id,
    name: t.name,
    fileName: t.fileName,
    createdAt: t.createdAt,
    status: t.status,
    language: t.language,
    duration: t.duration,
    text: t.text,
    segments: doc ? namedSegments(doc) : null,
    summary: t.summary,
    keyPoints: analysis.key_points,
    summaryAnalysis: analysis.summary_analysis,
    details: analysis.transcription_details,
    formattedTranscript: t.formattedTranscript,
    locale,
  };
}

// pdf-lib, fontkit and docx are large: load them on the first export, not on every Worker start.
const exporter = () => import("../export");
type Exporter = Awaited<ReturnType<typeof exporter>>;

/**
 * One file; a PDF reads its fonts from R2. Fonts missing there are a fault of the deployment: the 500 says so, and the
 * log says how to fix it.
 */
async function render(ex: Exporter, bucket: R2Bucket, doc: ExportDoc, format: ExportFormat) {
  try {
    return await ex.exportTranscription(doc, format, { fonts: ex.r2Fonts(bucket) });
  } catch (err) {
    if (!(err instanceof ex.MissingFontError)) throw err;
    console.error(
      JSON.stringify({
        level: "error",
        msg: "PDF export failed: fonts missing from R2 (upload them with node scripts/upload-assets.mjs)",
        error: err.message,
      }),
    );
    throw new ApiError(500, err.message);
  }
}

/** What the reader of export-errors.txt is told: an ApiError's message is meant for users, anything else is not. */
function failureReason(err: unknown, format: string): string {
  if (err instanceof ApiError) return err.message;
  console.error(JSON.stringify({ level: "error", msg: "bulk export item failed", format, error: String(err) }));
  return `could not be rendered as ${format.toUpperCase()}`;
}

async function* exports(
  db: Db,
  bucket: R2Bucket,
  userId: string,
  ids: string[],
  format: z.infer<typeof exportFormatSchema>,
): AsyncGenerator<ZipItem> {
  const ex = await exporter();
  const locale = await readerLocale(db, userId);
  for (const id of ids) {
    // One item that fails (a renderer error, a transcription deleted since the request began) must not cut the
    // archive short: it is left out and named in the archive's list of failures.
    let entry: ZipItem;
    let label = id;
    try {
      const t = await authorize(db, userId, id, "read");
      label = `${titleOf(t)} (${id})`;
      const doc = await toExportDoc(bucket, t, locale);
      const file = await render(ex, bucket, doc, format);
      entry = { name: ex.exportFileName(doc, file.extension), body: file.body };
    } catch (err) {
      entry = { item: label, reason: failureReason(err, format) };
    }
    yield entry;
  }
}

const attachment = {
  "Content-Disposition": { schema: { type: "string" }, description: "attachment; filename=…; filename*=UTF-8''…" },
} as const;
/** What export/index.ts answers per format; JSON has a schema of its own. */
const FILE_TYPES = [
  "text/plain",
  "application/x-subrip",
  "text/vtt",
  "text/csv",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
];
const docs = {
  single: doc({
    summary: `One transcription as a file: ${EXPORT_FORMAT_VALUES.join(", ")}`,
    tag: "exports",
    responses: {
      200: {
        description: "The file",
        headers: attachment,
        content: { ...file("", FILE_TYPES).content, ...json(transcriptExportSchema, "").content },
      },
    },
    errors: [400, 404, 429],
  }),
  bulk: doc({
    summary: "Several transcriptions as one ZIP, a file per transcription",
    tag: "exports",
    responses: { 200: file("The ZIP", ["application/zip"], attachment) },
    errors: [400, 404, 429],
  }),
};

/** Mounted under /transcriptions, behind its sign-in check. */
export const exportRoutes = new Hono<AppEnv>()
  .get("/:id/export", docs.single, validate("query", exportQuerySchema), async (c) => {
    const t = await authorize(c.get("db"), currentUserId(c), c.req.param("id"), "read");
    await takeFromLimit(c.get("db"), c.env, EXPORT_BURST, `export:${t.userId}`);
    const ex = await exporter();
    const doc = await toExportDoc(c.env.MEDIA, t, await readerLocale(c.get("db"), t.userId));
    const file = await render(ex, c.env.MEDIA, doc, c.req.valid("query").format);
    return new Response(file.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": ex.contentDisposition(ex.exportFileName(doc, file.extension)),
        "Cache-Control": "private, no-store",
      },
    });
  })
  .post("/export", docs.bulk, validate("json", bulkExportSchema), async (c) => {
    const { ids, format } = c.req.valid("json");
    const userId = currentUserId(c);
    const db = c.get("db");
    // Every id is checked before the first byte goes out: a 404 must not arrive as half a ZIP.
    for (const id of new Set(ids)) await authorize(db, userId, id, "read");
    await takeFromLimit(db, c.env, EXPORT_BURST, `export:${userId}`);
    const { contentDisposition, zipExports } = await exporter();
    const zip = await zipExports(exports(db, c.env.MEDIA, userId, [...new Set(ids)], format));
    if (!zip)
      throw new ApiError(500, `None of the selected transcriptions could be exported as ${format.toUpperCase()}`);
    return new Response(zip, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": contentDisposition(`transcripts_${format}.zip`),
        "Cache-Control": "private, no-store",
      },
    });
  });

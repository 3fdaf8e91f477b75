import type { ResumableUpload } from "@verbatim/shared";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { uploadParts, uploads } from "../db/schema";
import { ApiError, notFound } from "../http/errors";

// The resumable uploads' rows: the upload (its R2 multipart id, size and part size) and the parts stored so far.

type UploadRow = typeof uploads.$inferSelect;

const MIN_PART = 8 * 1024 * 1024;
const MAX_PARTS = 10_000;

/** Fixed-size parts of at least 8 MiB, larger when needed to stay within R2's 10,000 parts. */
export function partSizeFor(size: number) {
  const mib = 1024 * 1024;
  return Math.max(MIN_PART, Math.ceil(size / MAX_PARTS / mib) * mib);
}
export const partCount = (size: number, partSize: number) => Math.ceil(size / partSize);

export async function ownedOpenUpload(db: Db, userId: string, id: string) {
  const row = await db.query.uploads.findFirst({ where: and(eq(uploads.id, id), eq(uploads.userId, userId)) });
  if (!row) throw notFound("Upload not found");
  if (row.status !== "OPEN") throw new ApiError(409, `This upload is already ${row.status.toLowerCase()}`);
  return row;
}

/** The upload as the API answers it, with the parts already stored (a client resumes from these). */
export async function describeUpload(db: Db, row: UploadRow): Promise<ResumableUpload> {
  const parts = await db
    .select({ partNumber: uploadParts.partNumber, size: uploadParts.size })
    .from(uploadParts)
    .where(eq(uploadParts.uploadId, row.id))
    .orderBy(uploadParts.partNumber);
  return {
    id: row.id,
    fileName: row.fileName,
    size: row.size,
    partSize: row.partSize,
    partCount: partCount(row.size, row.partSize),
    parts,
  };
}

export async function insertUpload(db: Db, values: typeof uploads.$inferInsert) {
  const [created] = await db.insert(uploads).values(values).returning();
  return created as UploadRow;
}

/** A part sent again (after a dropped connection) replaces the one stored. */
export function recordPart(db: Db, uploadId: string, partNumber: number, etag: string, size: number) {
  return db
    .insert(uploadParts)
    .values({ uploadId, partNumber, etag, size })
    .onConflictDoUpdate({ target: [uploadParts.uploadId, uploadParts.partNumber], set: { etag, size } });
}

export function listParts(db: Db, uploadId: string) {
  return db.select().from(uploadParts).where(eq(uploadParts.uploadId, uploadId)).orderBy(uploadParts.partNumber);
}

export function setUploadStatus(db: Db, id: string, status: "COMPLETED" | "ABORTED") {
  return db.update(uploads).set({ status }).where(eq(uploads.id, id));
}

import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { uploads } from "../db/schema";

/**
 * How long an unfinished resumable upload is kept. R2 aborts incomplete multipart uploads 7 days after they
 * start (its default lifecycle rule); past that the row would promise parts that no longer exist.
 */
export const UPLOAD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Gives up uploads left open past their time: the parts they hold are freed, and a client that comes back is
 * told the upload is aborted, so it starts a new one. Runs from the cron trigger.
 */
export async function abortAbandonedUploads(db: Db, bucket: R2Bucket, now = Date.now()) {
  const cutoff = new Date(now - UPLOAD_TTL_MS).toISOString();
  const stale = await db
    .select({ id: uploads.id, key: uploads.r2Key, uploadId: uploads.r2UploadId })
    .from(uploads)
    .where(and(eq(uploads.status, "OPEN"), lt(uploads.createdAt, cutoff)))
    .limit(100);
  for (const u of stale) {
    // Already gone from R2 (its lifecycle rule got there first) is the expected case, not an error.
    await bucket
      .resumeMultipartUpload(u.key, u.uploadId)
      .abort()
      .catch(() => undefined);
    await db.update(uploads).set({ status: "ABORTED" }).where(eq(uploads.id, u.id));
  }
  return stale.length;
}

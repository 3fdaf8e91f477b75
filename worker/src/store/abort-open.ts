import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { planUsage, uploads } from "../db/schema";

/**
 * Gives up open resumable uploads matching `which`: R2 frees the parts they hold (no listing shows them), and
 * the rows say ABORTED, so a client that comes back is told to start again. Returns how many.
 */
export async function abortOpenUploads(db: Db, bucket: R2Bucket, which: SQL, limit?: number) {
  const query = db
    .select({ id: uploads.id, key: uploads.r2Key, uploadId: uploads.r2UploadId })
    .from(uploads)
    .where(and(eq(uploads.status, "OPEN"), which));
  const open = limit === undefined ? await query : await query.limit(limit);
  for (const u of open) {
    // Already gone from R2 (its lifecycle rule got there first) is the expected case, not an error.
    await bucket
      .resumeMultipartUpload(u.key, u.uploadId)
      .abort()
      .catch(() => undefined);
    await db.update(uploads).set({ status: "ABORTED" }).where(eq(uploads.id, u.id));
    // An upload given up never became a transcription: its plan slot is free again.
    await db.delete(planUsage).where(eq(planUsage.workId, u.id));
  }
  return open.length;
}

import { lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { uploads } from "../db/schema";
import { abortOpenUploads } from "../store/abort-open";

/**
 * How long an unfinished resumable upload is kept. R2 aborts incomplete multipart uploads 7 days after they
 * start (its default lifecycle rule); past that the row would promise parts that no longer exist.
 */
export const UPLOAD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Gives up uploads left open past their time, a batch per run of the cron trigger. */
export function abortAbandonedUploads(db: Db, bucket: R2Bucket, now = Date.now()) {
  return abortOpenUploads(db, bucket, lt(uploads.createdAt, new Date(now - UPLOAD_TTL_MS).toISOString()), 100);
}

import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { uploads } from "../db/schema";
import { abortOpenUploads } from "../store/abort-open";
import { deletePrefix, userPrefix } from "../store/keys";
import { deleteUser } from "../store/users";

/**
 * Removes the account and everything it owns: every object under users/{userId}/ (recordings, chunks,
 * results, profile pictures) and, through ON DELETE CASCADE, its transcriptions, sessions and preferences.
 * Storage goes first: if that fails the account still exists and the user can retry, whereas a deleted row
 * would leave files nobody can reach. A final sweep catches an object written by a request that was still
 * running while the row was being deleted.
 */
export async function deleteAccount(db: Db, bucket: R2Bucket, userId: string) {
  // Unfinished multipart uploads hold parts that no listing shows: aborting them frees that storage too.
  await abortOpenUploads(db, bucket, eq(uploads.userId, userId));
  await deletePrefix(bucket, userPrefix(userId));
  await deleteUser(db, userId);
  await deletePrefix(bucket, userPrefix(userId));
}

import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { uploads } from "../db/schema";
import { ApiError } from "../http/errors";
import { abortOpenUploads } from "../store/abort-open";
import { deletePrefix, userPrefix } from "../store/keys";
import { seatsOwnedBy } from "../store/seats";
import { deleteUser } from "../store/users";

export const OWNS_A_TEAM =
  "You own a team workspace with other members: transfer it to one of them, or delete it, before deleting your account";

/**
 * Removes the account and everything it owns: every object under users/{userId}/ (recordings, chunks,
 * results, profile pictures) and, through ON DELETE CASCADE, its transcriptions, sessions and preferences.
 * Storage goes first: if that fails the account still exists and the user can retry, whereas a deleted row
 * would leave files nobody can reach. A final sweep catches an object written by a request that was still
 * running while the row was being deleted.
 */
export async function deleteAccount(db: Db, bucket: R2Bucket, userId: string) {
  // Its teams would go with it, and with them everyone else's work there.
  if ((await seatsOwnedBy(db, userId)) > 1) throw new ApiError(409, OWNS_A_TEAM);
  // Unfinished multipart uploads hold parts that no listing shows: aborting them frees that storage too.
  await abortOpenUploads(db, bucket, eq(uploads.userId, userId));
  await deletePrefix(bucket, userPrefix(userId));
  await deleteUser(db, userId);
  await deletePrefix(bucket, userPrefix(userId));
}

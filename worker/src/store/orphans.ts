import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { transcriptions, uploads, users } from "../db/schema";
import { deletePrefix, transcriptionPrefix, userPrefix } from "./keys";

// Deleted means deleted. Deleting a transcription or an account removes its R2 prefix at once, but a job or an
// upload still running then may write after that. Jobs clean up after themselves (ownedWrite); this sweep,
// run hourly by the cron, removes whatever else lies under the prefix of a transcription or user that no
// longer exists. Objects younger than the grace period are left alone: a single-file upload writes its
// recording before its row exists.

const HOUR = 60 * 60 * 1000;

async function* subPrefixes(bucket: R2Bucket, prefix: string) {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, delimiter: "/", cursor, limit: 1000 });
    yield* page.delimitedPrefixes;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

async function deleteOlderThan(bucket: R2Bucket, prefix: string, cutoff: number) {
  let cursor: string | undefined;
  let removed = 0;
  do {
    const page = await bucket.list({ prefix, cursor, limit: 1000 });
    const stale = page.objects.filter((o) => o.uploaded.getTime() <= cutoff).map((o) => o.key);
    if (stale.length) await bucket.delete(stale);
    removed += stale.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return removed;
}

async function transcriptionKept(db: Db, userId: string, id: string) {
  const row = await db.query.transcriptions.findFirst({
    columns: { id: true },
    where: and(eq(transcriptions.id, id), eq(transcriptions.userId, userId)),
  });
  if (row) return true;
  // A resumable upload still open keeps its prefix: its transcription is created (with the same id) on completion.
  const open = await db.query.uploads.findFirst({
    columns: { id: true },
    where: and(eq(uploads.id, id), eq(uploads.userId, userId), eq(uploads.status, "OPEN")),
  });
  return open !== undefined;
}

/** Removes objects under deleted users' and transcriptions' prefixes; returns how many went. */
export async function sweepOrphans(db: Db, bucket: R2Bucket, graceMs = HOUR) {
  const cutoff = Date.now() - graceMs;
  let removed = 0;
  for await (const prefix of subPrefixes(bucket, "users/")) {
    const userId = prefix.slice("users/".length, -1);
    const user = await db.query.users.findFirst({ columns: { id: true }, where: eq(users.id, userId) });
    if (!user) {
      removed += await deleteOlderThan(bucket, userPrefix(userId), cutoff);
      continue;
    }
    for await (const tp of subPrefixes(bucket, `${userPrefix(userId)}transcriptions/`)) {
      const id = tp.split("/").at(-2) ?? "";
      if (!(await transcriptionKept(db, userId, id)))
        removed += await deleteOlderThan(bucket, transcriptionPrefix(userId, id), cutoff);
    }
  }
  return removed;
}

/**
 * Writes a job's output only while its transcription exists. The row is checked after the write: if a
 * delete came first, the object is removed here; if it comes later, its prefix sweep sees the object.
 */
export async function ownedWrite(
  env: { MEDIA: R2Bucket },
  db: Db,
  t: { id: string; userId: string },
  key: string,
  body: string,
) {
  await env.MEDIA.put(key, body, { httpMetadata: { contentType: "application/json" } });
  const still = await db.query.transcriptions.findFirst({ columns: { id: true }, where: eq(transcriptions.id, t.id) });
  if (still) return true;
  await deletePrefix(env.MEDIA, transcriptionPrefix(t.userId, t.id));
  return false;
}

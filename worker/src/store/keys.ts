// Every object of a user lives under users/{userId}/, so deleting an account is one prefix sweep.

export const userPrefix = (userId: string) => `users/${userId}/`;
export const transcriptionPrefix = (userId: string, id: string) => `${userPrefix(userId)}transcriptions/${id}/`;

/** Keeps the original name readable in R2 while ruling out path tricks. */
function safeName(fileName: string) {
  const cleaned = fileName.replace(/[^\p{L}\p{N}._ -]+/gu, "_").slice(-120);
  return cleaned.replace(/^\.+/, "") || "media";
}

export const mediaKey = (userId: string, id: string, fileName: string) =>
  `${transcriptionPrefix(userId, id)}media/${safeName(fileName)}`;
export const chunkKey = (userId: string, id: string, idx: number) => `${transcriptionPrefix(userId, id)}chunks/${idx}`;
export const chunkResultKey = (userId: string, id: string, idx: number) =>
  `${transcriptionPrefix(userId, id)}results/${idx}.json`;
export const transcriptDocKey = (userId: string, id: string) => `${transcriptionPrefix(userId, id)}transcript.json`;
/** Every saved version of the transcript; zero-padded so R2 lists them oldest first. */
export const transcriptVersionsPrefix = (userId: string, id: string) =>
  `${transcriptionPrefix(userId, id)}transcript-versions/`;
export const transcriptVersionKey = (userId: string, id: string, version: number) =>
  `${transcriptVersionsPrefix(userId, id)}${String(version).padStart(10, "0")}.json`;
/** What the current speech-recognition run was asked to do with the user's edits, and whether it has saved. */
export const transcriptRunKey = (userId: string, id: string) => `${transcriptionPrefix(userId, id)}transcript-run.json`;

export async function deletePrefix(bucket: R2Bucket, prefix: string) {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor, limit: 1000 });
    if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

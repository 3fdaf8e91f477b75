import type { InterruptedUploadRow } from "@/lib/db";

// Large uploads remember their server upload id until they finish, so one cut short by a reload or a closed
// tab continues where it stopped when the user picks the same file again (as tus clients do).
const loadDb = () => import("@/lib/db").then((m) => m.db);

/** Recognises a file picked again: same user, name, size, type and last change. */
export function fingerprint(userId: string, file: { name: string; size: number; type: string; lastModified?: number }) {
  return JSON.stringify([userId, file.name, file.size, file.type, file.lastModified ?? 0]);
}

export async function rememberInterrupted(row: Omit<InterruptedUploadRow, "createdAt">) {
  const db = await loadDb();
  await db.interruptedUploads.put({ ...row, createdAt: Date.now() });
}

export async function recordSentBytes(fingerprint: string, sentBytes: number) {
  const db = await loadDb();
  await db.interruptedUploads.update(fingerprint, { sentBytes });
}

export async function findInterrupted(fingerprint: string): Promise<string | null> {
  const db = await loadDb();
  return (await db.interruptedUploads.get(fingerprint))?.uploadId ?? null;
}

export async function forgetInterrupted(fingerprint: string) {
  const db = await loadDb();
  await db.interruptedUploads.delete(fingerprint);
}

export async function listInterrupted(userId: string): Promise<InterruptedUploadRow[]> {
  const db = await loadDb();
  return db.interruptedUploads.where("userId").equals(userId).sortBy("createdAt");
}

/** Sign-out: the names of the user's files must not stay on the device. */
export async function forgetAllInterrupted() {
  const db = await loadDb();
  await db.interruptedUploads.clear();
}

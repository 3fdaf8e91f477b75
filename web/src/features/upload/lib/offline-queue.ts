import type { QueuedUploadFailure, QueuedUploadRow } from "@/lib/db";
import { SHARED_OWNER } from "@/lib/share-target";

// Files chosen while offline wait in IndexedDB, so they survive a reload and go out when the network returns.
const loadDb = () => import("@/lib/db").then((m) => m.db);

export async function saveQueued(row: QueuedUploadRow) {
  const db = await loadDb();
  await db.queuedUploads.put(row);
}

export async function deleteQueued(key: string) {
  const db = await loadDb();
  await db.queuedUploads.delete(key);
}

/** The user's queued files, including those shared to the app (share target) since it last ran, now theirs. */
export async function loadQueued(userId: string): Promise<QueuedUploadRow[]> {
  const db = await loadDb();
  await db.queuedUploads.where("userId").equals(SHARED_OWNER).modify({ userId });
  return db.queuedUploads.where("userId").equals(userId).sortBy("createdAt");
}

/** The server refused the file, or sending it failed for good: it stays on the device with the reason. */
export async function markQueuedFailed(key: string, failure: QueuedUploadFailure) {
  const db = await loadDb();
  await db.queuedUploads.update(key, { failure });
}

/** "Try again": the file waits to be sent again. */
export async function clearQueuedFailure(key: string) {
  const db = await loadDb();
  await db.queuedUploads.update(key, { failure: undefined });
}

/** The file as it waits on the device: undefined once sent (or removed). */
export async function getQueued(key: string) {
  const db = await loadDb();
  return db.queuedUploads.get(key);
}

/** Sign-out: files the user left queued must not stay on the device. */
export async function discardAllQueued() {
  const db = await loadDb();
  await db.queuedUploads.clear();
}

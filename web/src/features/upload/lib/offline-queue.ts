import type { QueuedUploadRow } from "@/lib/db";

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

export async function loadQueued(userId: string): Promise<QueuedUploadRow[]> {
  const db = await loadDb();
  return db.queuedUploads.where("userId").equals(userId).sortBy("createdAt");
}

/** Sign-out: files the user left queued must not stay on the device. */
export async function discardAllQueued() {
  const db = await loadDb();
  await db.queuedUploads.clear();
}

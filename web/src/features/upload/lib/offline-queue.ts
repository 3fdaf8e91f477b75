import type { QueuedUploadRow } from "@/lib/db";
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

export async function isQueued(key: string) {
  const db = await loadDb();
  return (await db.queuedUploads.get(key)) !== undefined;
}

/** Sign-out: files the user left queued must not stay on the device. */
export async function discardAllQueued() {
  const db = await loadDb();
  await db.queuedUploads.clear();
}

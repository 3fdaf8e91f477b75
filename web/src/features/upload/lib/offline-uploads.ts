import { NO_SPEAKER_RECOGNITION } from "@/entities/transcription/speaker-choice";
import type { QueuedUploadFailure, QueuedUploadRow } from "@/lib/db";
import { translate } from "@/lib/i18n";
import { queuedUploadLock, requestUploadSync } from "@/lib/upload-sync";
import { UploadError } from "@/lib/xhr";
import { clearQueuedFailure, deleteQueued, getQueued, loadQueued, markQueuedFailed, saveQueued } from "./offline-queue";
import { getUploads, newUpload, setUploads, type UploadItem, updateUpload } from "./upload-store";
import { worthCompressing } from "./validation";

// Files chosen (or cut off) while offline wait in IndexedDB (./offline-queue) and come back as `queued` rows.
// The service worker may send them too (Background Sync, sw/background-sync.ts), under a lock per file. Files that
// could not be sent are kept there too, with the reason, and come back as failed rows.

/** Files of this list that wait (or waited) in the queue, which the service worker may also send. */
const fromQueue = new Set<string>();
/** Failures being written to the device, by file: "Try again" and "Remove" act once the copy is there. */
const keeping = new Map<string, Promise<void>>();
const kept = (key: string) => keeping.get(key) ?? Promise.resolve();

/** The file and the choices it is to be sent with, as the queue keeps them. */
const queuedRow = (item: UploadItem, userId: string): QueuedUploadRow => ({
  key: item.key,
  userId,
  file: item.file,
  fileName: item.name,
  fileType: item.type,
  size: item.size,
  createdAt: Date.now(),
  language: item.language,
  speakers: item.speakers,
  space: item.space,
  resumeKey: item.resumeKey,
});

/** Keeps the file until the network returns; the row shows it as queued. */
export async function queueOffline(item: UploadItem, userId: string) {
  try {
    await saveQueued(queuedRow(item, userId));
    fromQueue.add(item.key);
    updateUpload(item.key, { status: "queued", error: null, errorStatus: null, progress: 0 });
    void requestUploadSync();
  } catch {
    // Typically the storage quota: the file stays here, to be sent by hand once online.
    updateUpload(item.key, {
      status: "error",
      error: translate("upload.errors.noStorage"),
    });
  }
}

/** Brings back the user's files queued in an earlier visit (those not already in the list). */
export async function restoreQueued(userId: string) {
  const rows = await loadQueued(userId);
  const known = new Set(getUploads().map((item) => item.key));
  const restored = rows
    .filter((row) => !known.has(row.key))
    .map((row) =>
      newUpload({
        key: row.key,
        file: row.file,
        name: row.fileName,
        type: row.fileType,
        size: row.size,
        // A file refused earlier (in this visit, another tab or the service worker) comes back with its reason.
        status: row.failure ? "error" : "queued",
        error: row.failure?.message ?? null,
        errorStatus: row.failure?.status ?? null,
        compress: worthCompressing({ size: row.size, type: row.fileType, name: row.fileName }),
        language: row.language ?? null,
        speakers: row.speakers ?? NO_SPEAKER_RECOGNITION,
        space: row.space ?? null,
        resumeKey: row.resumeKey ?? null,
      }),
    );
  for (const row of rows) fromQueue.add(row.key);
  if (restored.length > 0) setUploads((items) => [...items, ...restored]);
}

/**
 * Sends a file, holding the lock the service worker honours. Null when the service worker sent the queued file
 * first (it is gone from the queue): its message then marks the row accepted.
 */
export async function sendOnce<T>(key: string, send: () => Promise<T>): Promise<T | null> {
  if (!fromQueue.has(key) || !navigator.locks) return send();
  return navigator.locks
    .request(queuedUploadLock(key), async () => {
      const row = await getQueued(key);
      if (!row) return null;
      // The service worker sent it meanwhile and the server refused it: that refusal, not a second request.
      if (row.failure) throw new UploadError(row.failure.message, row.failure.status ?? 0, row.failure.message);
      const sent = await send();
      // Out of the queue before the lock is let go, or the service worker could take it and send it again.
      await deleteQueued(key);
      return sent;
    })
    .then((result) => result);
}

/** Whether this file waits (or waited) in the device's queue, where its failure is kept. */
export async function isFromQueue(key: string) {
  await kept(key);
  return fromQueue.has(key);
}

/**
 * A file that could not be sent (refused, failed for good, or stopped) is never dropped: it stays on the device
 * with its reason, shown on the list and the upload screen across reloads and browser restarts, until "Try again"
 * or "Remove". One chosen offline already waits in the queue; one chosen online joins it, failed, so it is never
 * sent by itself.
 */
export function keepFailure(item: UploadItem, reason: Omit<QueuedUploadFailure, "at">, userId: string | null) {
  const failure = { ...reason, at: Date.now() };
  const write = async () => {
    if (fromQueue.has(item.key)) await markQueuedFailed(item.key, failure);
    else if (userId) {
      await saveQueued({ ...queuedRow(item, userId), failure });
      fromQueue.add(item.key);
    }
  };
  const writing = write()
    .catch((error) => console.warn(`Could not keep ${item.name}, which failed to upload, on this device`, error))
    .finally(() => keeping.delete(item.key));
  keeping.set(item.key, writing);
  return writing;
}

/** "Try again" on a queued file that failed: it waits to be sent again (the service worker may send it too). */
export async function requeueFailed(key: string) {
  await clearQueuedFailure(key);
  void requestUploadSync();
}

/** The file reached the server or was removed by the user: it no longer waits on this device. */
export function dropQueued(key: string) {
  // After a failure still being written, which would otherwise come back after a reload.
  void kept(key)
    .then(() => {
      fromQueue.delete(key);
      return deleteQueued(key);
    })
    .catch(() => undefined);
}

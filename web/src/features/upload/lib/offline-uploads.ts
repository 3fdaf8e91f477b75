import { NO_SPEAKER_RECOGNITION } from "@/entities/transcription/speaker-recognition";
import { deleteQueued, loadQueued, saveQueued } from "./offline-queue";
import { getUploads, newUpload, setUploads, type UploadItem, updateUpload } from "./upload-store";
import { worthCompressing } from "./validation";

// Files chosen (or cut off) while offline wait in IndexedDB (./offline-queue) and come back as `queued` rows.

/** Keeps the file until the network returns; the row shows it as queued. */
export async function queueOffline(item: UploadItem, userId: string) {
  try {
    await saveQueued({
      key: item.key,
      userId,
      file: item.file,
      fileName: item.name,
      fileType: item.type,
      size: item.size,
      createdAt: Date.now(),
      language: item.language,
      speakers: item.speakers,
    });
    updateUpload(item.key, { status: "queued", error: null, progress: 0 });
  } catch {
    // Typically the storage quota: the file stays here, to be sent by hand once online.
    updateUpload(item.key, {
      status: "error",
      error: "Not enough storage to keep this file until you're back online.",
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
        status: "queued",
        compress: worthCompressing({ size: row.size, type: row.fileType, name: row.fileName }),
        language: row.language ?? null,
        speakers: row.speakers ?? NO_SPEAKER_RECOGNITION,
      }),
    );
  if (restored.length > 0) setUploads((items) => [...items, ...restored]);
}

/** The file reached the server or failed for good: it no longer waits on this device. */
export const dropQueued = (key: string) => void deleteQueued(key).catch(() => undefined);

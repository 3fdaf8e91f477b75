import { NO_SPEAKER_RECOGNITION, type SpeakerChoice } from "@/entities/transcription/speaker-choice";
import type { SpaceId } from "@/entities/workspace/current-space";
import { abortResumable } from "../api/upload-api";
import { forgetAllCompressions, loadCompression } from "./compressed-store";
import { forgetAllInterrupted } from "./interrupted";
import { readDuration } from "./media-duration";
import { discardAllQueued } from "./offline-queue";
import { dropQueued, isFromQueue, queueOffline, requeueFailed, restoreQueued } from "./offline-uploads";
import { abandonCompressionOf, forgetInterruptedOf } from "./resume";
import { abortAll, pump } from "./scheduler";
import { findUpload, getUploads, newUpload, setUploads, setUploadUser, updateUpload, uploadUser } from "./upload-store";
import { worthCompressing } from "./validation";

// What the screens do with the upload list. The parts: upload-store (the rows), scheduler (slots and runs),
// send (one file over the wire), outcome (accepted / failed), offline-uploads and resume (what survives a reload).

export { abortUpload } from "./scheduler";

export function addFiles(files: File[]) {
  const added = files.map((file) =>
    newUpload({
      key: crypto.randomUUID(),
      file,
      name: file.name,
      type: file.type,
      size: file.size,
      compress: worthCompressing(file),
      language: null,
      speakers: NO_SPEAKER_RECOGNITION,
    }),
  );
  setUploads((items) => [...items, ...added]);
  // Each file's length, read in the browser, so one over the plan's limit is marked before it is sent.
  for (const item of added)
    void readDuration(item.file, item.type).then((duration) => updateUpload(item.key, { duration }));
}

/** Removes a file that is not being sent (idle, queued, or failed). */
export function removeUpload(key: string) {
  const item = findUpload(key);
  if (!item || !["idle", "queued", "error"].includes(item.status)) return;
  setUploads((items) => items.filter((i) => i.key !== key));
  dropQueued(key);
  // Tried and failed, then removed: the user gives up what it left (a row never sent leaves nothing of its own).
  if (item.status === "error") abandonCompressionOf(item);
  if (item.uploadId) {
    void abortResumable(item.uploadId).catch(() => undefined);
    forgetInterruptedOf(item);
  }
}

/** Forgets files that reached the server (after the redirect to the list). */
export function clearAccepted() {
  setUploads((items) => items.filter((item) => item.status !== "processing"));
}

/** Sends every idle or failed file; offline, they are queued in IndexedDB instead. */
export async function startUploads(
  userId: string,
  {
    compress,
    language = null,
    speakers = NO_SPEAKER_RECOGNITION,
    space = null,
    skip = [],
  }: {
    compress: boolean;
    language?: string | null;
    speakers?: SpeakerChoice;
    /** The space they go into (null: personal). */
    space?: SpaceId;
    /** Files left out (over the plan's limits): they stay in the list, marked. */
    skip?: string[];
  },
) {
  setUploadUser(userId);
  const toSend = getUploads().filter(
    (item) => (item.status === "idle" || item.status === "error") && !skip.includes(item.key),
  );
  for (const item of toSend) {
    updateUpload(item.key, { compress: compress && worthCompressing(item), language, speakers, space });
    if (item.status === "error" && (await isFromQueue(item.key))) await requeueFailed(item.key).catch(() => undefined);
  }
  if (!navigator.onLine) {
    await Promise.all(toSend.map((item) => queueOffline({ ...item, language, speakers, space }, userId)));
    return;
  }
  for (const item of toSend) updateUpload(item.key, { status: "waiting", error: null, errorStatus: null, progress: 0 });
  pump();
}

/** "Try again" on one failed file (from the upload screen or the list): sent now, or queued while offline. */
export async function retryUpload(key: string) {
  const item = findUpload(key);
  if (item?.status !== "error") return;
  if (await isFromQueue(key)) await requeueFailed(key);
  const userId = uploadUser();
  if (!navigator.onLine && userId) {
    await queueOffline(item, userId);
    return;
  }
  updateUpload(key, { status: "waiting", error: null, errorStatus: null, progress: 0 });
  pump();
}

/**
 * Continues a compressed upload cut short earlier, from what this device kept of it: no file to pick again and
 * nothing compressed again; only what the server lacks is sent. False when nothing is kept under that key.
 */
export async function continueCompressed(userId: string, fingerprint: string): Promise<boolean> {
  const kept = await loadCompression(fingerprint);
  if (!kept?.audio || kept.row.userId !== userId) return false;
  setUploadUser(userId);
  if (getUploads().some((item) => item.resumeKey === fingerprint)) return true;
  const { row } = kept;
  setUploads((items) => [
    ...items,
    newUpload({
      key: crypto.randomUUID(),
      // The compressed recording stands in for the original, which this page no longer has.
      file: kept.audio as Blob,
      name: row.fileName,
      type: kept.audio?.type ?? "audio/ogg",
      size: row.size,
      compress: true,
      language: row.language,
      speakers: row.speakers,
      space: row.space ?? null,
      resumeKey: fingerprint,
      status: "waiting",
    }),
  ]);
  pump();
  return true;
}

let resuming: Promise<void> | null = null;

/** Called by the queue runner: brings back files queued in an earlier visit, and sends them when online. */
export function resumeQueued(userId: string): Promise<void> {
  // The shell mounting and the network returning can ask at the same moment: one pass at a time, or the
  // same stored file would be restored twice.
  resuming ??= restoreAndSend(userId).finally(() => {
    resuming = null;
  });
  return resuming;
}

async function restoreAndSend(userId: string) {
  setUploadUser(userId);
  await restoreQueued(userId);
  if (!navigator.onLine) return;
  for (const item of getUploads()) if (item.status === "queued") updateUpload(item.key, { status: "waiting" });
  pump();
}

/** Sign-out: stop everything and forget the files, in memory and in IndexedDB. */
export async function forgetUploads() {
  setUploads([]);
  abortAll();
  setUploadUser(null);
  await Promise.all([discardAllQueued(), forgetAllInterrupted(), forgetAllCompressions()]);
}

import { abandonChunked } from "../api/upload-api";
import { forgetCompression, loadCompression } from "./compressed-store";
import { findInterrupted, fingerprint, forgetInterrupted, recordSentBytes, rememberInterrupted } from "./interrupted";
import { type UploadItem, uploadUser } from "./upload-store";
import { needsResumable } from "./validation";

// An upload cut short (a reload, a closed tab) continues when the same file is picked again: a large file's
// server upload id, or a compressed file's output and receipts (./compressed-store), are remembered per user
// and file until the upload finishes or cannot continue.

/** How an interrupted large upload of this file was remembered (see ./interrupted). */
export const itemFingerprint = (userId: string, item: UploadItem) =>
  fingerprint(userId, {
    name: item.name,
    size: item.size,
    type: item.type,
    lastModified: item.file instanceof File ? item.file.lastModified : undefined,
  });

/** The upload id of an earlier attempt at this file, or null. */
export function findInterruptedUpload(item: UploadItem): Promise<string | null> {
  const userId = uploadUser();
  if (!userId || !needsResumable(item.size)) return Promise.resolve(null);
  return findInterrupted(itemFingerprint(userId, item)).catch(() => null);
}

export function rememberUploadId(userId: string, item: UploadItem, uploadId: string) {
  const row = { fingerprint: itemFingerprint(userId, item), userId, uploadId, fileName: item.name, size: item.size };
  void rememberInterrupted(row).catch(() => undefined);
}

/** How much of the large upload the server holds, for the unfinished-upload notice. */
export function recordUploadedBytes(userId: string, item: UploadItem, sentBytes: number) {
  void recordSentBytes(itemFingerprint(userId, item), sentBytes).catch(() => undefined);
}

/** The key of what this row's file left on the device: the kept compression it continues, or its own fingerprint. */
const keyOf = (userId: string, item: UploadItem) => item.resumeKey ?? itemFingerprint(userId, item);

/** Forgets what a file whose upload finished or cannot continue left on the device. */
export function forgetInterruptedOf(item: UploadItem) {
  const userId = uploadUser();
  if (!userId) return;
  const key = keyOf(userId, item);
  if (needsResumable(item.size)) void forgetInterrupted(key).catch(() => undefined);
  void forgetCompression(key).catch(() => undefined);
}

/**
 * The user gives up a compressed upload (aborted, removed, discarded): the transcription it had started on the
 * server, still waiting for its audio, is deleted, and what was kept on the device goes.
 */
export async function abandonCompression(key: string) {
  const kept = await loadCompression(key).catch(() => null);
  if (kept?.row.transcriptionId) await abandonChunked(kept.row.transcriptionId).catch(() => undefined); // gone is fine
  await forgetCompression(key);
}

export function abandonCompressionOf(item: UploadItem) {
  const userId = uploadUser();
  if (userId) void abandonCompression(keyOf(userId, item)).catch(() => undefined);
}

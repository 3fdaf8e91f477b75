import { findInterrupted, fingerprint, forgetInterrupted, rememberInterrupted } from "./interrupted";
import { type UploadItem, uploadUser } from "./upload-store";
import { needsResumable } from "./validation";

// A large upload cut short (a reload, a closed tab) continues when the same file is picked again: its server
// upload id is remembered per user and file until the upload finishes or cannot continue.

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

/** Forgets the remembered upload id of a file whose upload finished or cannot continue. */
export function forgetInterruptedOf(item: UploadItem) {
  const userId = uploadUser();
  if (userId && needsResumable(item.size)) void forgetInterrupted(itemFingerprint(userId, item)).catch(() => undefined);
}

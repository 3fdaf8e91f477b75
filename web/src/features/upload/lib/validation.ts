import {
  createMultipartSchema,
  extensionOf,
  FILE_TOO_LARGE,
  LARGE_FILE_BYTES,
  MAX_MULTIPART_BYTES,
  MAX_UPLOAD_BYTES,
  uploadProblem,
} from "@verbatim/shared/upload";

/** Marketing promise: up to 50 files per batch. */
export const MAX_FILES_PER_BATCH = 50;

// Files past the form limit go through the resumable API, whose own limit (5 GB) has its own message.
const RESUMABLE_TOO_LARGE =
  createMultipartSchema.shape.size.safeParse(MAX_MULTIPART_BYTES + 1).error?.issues[0]?.message ?? FILE_TOO_LARGE;

/**
 * The message for a file that may not be uploaded, or null (docs/deviations-from-the-spec.md, "Upload statuses").
 * It is the shared rule's English message: screens show it through localizeMessage (lib/i18n). This module stays
 * free of the interface's languages, because the service worker uses it too.
 */
export function fileProblem(file: { name: string; size: number; type: string }): string | null {
  const problem = uploadProblem(file, MAX_MULTIPART_BYTES);
  return problem === FILE_TOO_LARGE ? RESUMABLE_TOO_LARGE : problem;
}

/**
 * Large files go through the resumable (multipart) upload API: parts retried on their own, and an upload cut
 * short continues where it stopped. From 100MB a dropped connection costs enough to be worth it; past the
 * 500MB form limit it is the only way.
 */
export const RESUMABLE_FROM_BYTES = 100 * 1024 * 1024;
export const needsResumable = (size: number) => size >= RESUMABLE_FROM_BYTES;

export const isLargeFile = (size: number) => size > LARGE_FILE_BYTES;

/** Below this, an audio file uploads faster as it is than after compressing it in the browser. */
const COMPRESS_FROM_BYTES = 100 * 1024 * 1024;

/** A video by its declared type, else by its extension (.webm may be either: the type tells when there is one). */
export function isVideo(file: { type: string; name: string }) {
  return file.type ? file.type.startsWith("video/") : [".mp4", ".mov", ".avi"].includes(extensionOf(file.name));
}

/**
 * Whether a compressed video keeps its picture: only its audio is compressed and sent for recognition, and the
 * video itself is stored for playback. The playback file goes in one request (PUT /api/transcriptions/{id}/media),
 * so a video over the single-upload limit (500MB) keeps only the compressed audio; the upload screen says so.
 */
export const keepsVideo = (file: { type: string; name: string; size: number }) =>
  isVideo(file) && file.size <= MAX_UPLOAD_BYTES;

/** Videos (whose picture transcription does not need) and long recordings gain from compressing first. */
export function worthCompressing(file: { size: number; type: string; name: string }) {
  return isVideo(file) || file.size >= COMPRESS_FROM_BYTES;
}

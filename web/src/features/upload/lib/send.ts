import type { Transcription } from "@verbatim/shared/transcription";
import { UploadError } from "@/lib/xhr";
import { uploadSingle } from "../api/upload-api";
import { uploadChunked } from "./chunked";
import { uploadResumable } from "./resumable";
import { rememberUploadId } from "./resume";
import { type UploadItem, updateUpload, uploadUser } from "./upload-store";
import { needsResumable } from "./validation";

// How one file goes out, reporting its status and progress on its row.

/** The file as it is: one request below 100MB, resumable parts from there (see needsResumable). */
export function sendOriginal(item: UploadItem, signal: AbortSignal): Promise<Transcription> {
  updateUpload(item.key, { status: "uploading", progress: 0 });
  const onBytes = (sent: number) =>
    updateUpload(item.key, { progress: item.size > 0 ? (sent / item.size) * 100 : 100 });
  if (!needsResumable(item.size)) {
    return uploadSingle(
      item.file,
      item.name,
      item.language,
      item.speakers,
      (loaded, total) => onBytes((loaded / total) * item.size),
      signal,
    );
  }
  const userId = uploadUser();
  return uploadResumable(
    item.file,
    { fileName: item.name, fileType: item.type, speakers: item.speakers },
    item.uploadId,
    signal,
    {
      onUploadId: (uploadId) => {
        updateUpload(item.key, { uploadId });
        if (userId) rememberUploadId(userId, item, uploadId);
      },
      onProgress: onBytes,
    },
  );
}

/**
 * Compressed speech audio in pieces (chunked API). Null when the browser cannot compress this file (the
 * engine is unavailable, or the format is one it cannot decode): the original is sent instead.
 */
export async function sendCompressed(item: UploadItem, signal: AbortSignal): Promise<Transcription | null> {
  updateUpload(item.key, { status: "compressing", progress: 0 });
  let recording: Awaited<ReturnType<typeof import("./compress")["compressRecording"]>>;
  try {
    const { compressRecording } = await import("./compress");
    recording = await compressRecording(
      item.file,
      item.name,
      (fraction) => updateUpload(item.key, { progress: fraction * 100 }),
      signal,
    );
  } catch (error) {
    if (error instanceof UploadError && error.aborted) throw error;
    console.warn(`Compressing ${item.name} failed; uploading the original`, error);
    return null;
  }
  updateUpload(item.key, { status: "uploading", progress: 0 });
  return uploadChunked(recording, item.name, item.language, item.speakers, signal, (sent, total) =>
    updateUpload(item.key, { progress: total > 0 ? (sent / total) * 100 : 100 }),
  );
}

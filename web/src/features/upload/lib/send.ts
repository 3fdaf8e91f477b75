import type { Transcription } from "@verbatim/shared/transcription";
import { UploadError } from "@/lib/xhr";
import { uploadSingle } from "../api/upload-api";
import { type ChunkedReceipts, uploadChunked } from "./chunked";
import type { CompressionSink } from "./compress";
import { forgetCompression, keepAudio, keepChunk, loadCompression, recordSent } from "./compressed-store";
import { uploadResumable } from "./resumable";
import { itemFingerprint, recordUploadedBytes, rememberUploadId } from "./resume";
import { type UploadItem, updateUpload, uploadUser } from "./upload-store";
import { keepsVideo, needsResumable } from "./validation";

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
      item.space,
    );
  }
  const userId = uploadUser();
  return uploadResumable(
    item.file,
    { fileName: item.name, fileType: item.type, speakers: item.speakers, space: item.space },
    item.uploadId,
    signal,
    {
      onUploadId: (uploadId) => {
        updateUpload(item.key, { uploadId });
        if (userId) rememberUploadId(userId, item, uploadId);
      },
      onProgress: onBytes,
      onStored: (bytes) => {
        if (userId) recordUploadedBytes(userId, item, bytes);
      },
    },
  );
}

/**
 * Compressed speech audio in pieces (chunked API), for recognition. A video the media route can hold (see
 * keepsVideo) is then stored as it is, for playback; a longer one keeps only the compressed audio, as the upload
 * screen says before the user chooses to compress. Null when the browser cannot compress this file (the
 * engine is unavailable, or the format is one it cannot decode): the original is sent instead. What it makes
 * and what the server acknowledges is kept on the device (./compressed-store), so an attempt cut short by a
 * reload continues without compressing again, sending only what the server lacks.
 */
export async function sendCompressed(item: UploadItem, signal: AbortSignal): Promise<Transcription | null> {
  updateUpload(item.key, { status: "compressing", progress: 0 });
  const userId = uploadUser();
  const fingerprint = item.resumeKey ?? (userId ? itemFingerprint(userId, item) : null);
  const kept = fingerprint ? await loadCompression(fingerprint).catch(() => null) : null;
  const keeping = fingerprint && userId ? keepOnDevice(fingerprint, userId, item) : null;
  let recording: Awaited<ReturnType<typeof import("./compress")["compressRecording"]>>;
  try {
    const { compressRecording } = await import("./compress");
    recording = await compressRecording(
      item.file,
      item.name,
      (fraction) => updateUpload(item.key, { progress: fraction * 100 }),
      signal,
      kept?.audio ? { audio: kept.audio, duration: kept.row.duration, chunks: kept.chunks } : null,
      keeping?.compression ?? { audio: async () => {}, chunk: async () => {} },
    );
  } catch (error) {
    if (error instanceof UploadError && error.aborted) throw error;
    console.warn(`Compressing ${item.name} failed; uploading the original`, error);
    if (fingerprint) void forgetCompression(fingerprint).catch(() => undefined);
    return null;
  }
  updateUpload(item.key, { status: "uploading", progress: 0 });
  const soFar = kept?.row.transcriptionId
    ? { transcriptionId: kept.row.transcriptionId, sentChunks: kept.row.sentChunks, mediaSent: kept.row.mediaSent }
    : null;
  const transcription = await uploadChunked(
    recording,
    item.name,
    item.language,
    item.speakers,
    signal,
    (sent, total) => updateUpload(item.key, { progress: total > 0 ? (sent / total) * 100 : 100 }),
    soFar,
    keeping?.receipts ?? { created: async () => {}, chunk: async () => {}, media: async () => {} },
    keepsVideo(item) ? item.file : recording.audio,
    item.space,
  );
  if (fingerprint) await forgetCompression(fingerprint).catch(() => undefined);
  return transcription;
}

/**
 * Writes each output and receipt to the device as it comes. A write that fails (a full device) only costs the
 * ability to continue after a reload: the upload itself goes on.
 */
function keepOnDevice(fingerprint: string, userId: string, item: UploadItem) {
  const quietly = async (write: () => Promise<void>) => {
    await write().catch((error) => console.warn(`Could not keep ${item.name}'s progress on this device`, error));
  };
  const compression: CompressionSink = {
    audio: (audio, duration) =>
      quietly(() =>
        keepAudio(
          {
            fingerprint,
            userId,
            fileName: item.name,
            size: item.size,
            duration,
            audioBytes: audio.size,
            chunkBytes: [],
            language: item.language,
            speakers: item.speakers,
            space: item.space,
            transcriptionId: null,
            sentChunks: [],
            mediaSent: false,
          },
          audio,
        ),
      ),
    chunk: (idx, audio) => quietly(() => keepChunk(fingerprint, idx, audio)),
  };
  const receipts: ChunkedReceipts = {
    created: (transcriptionId) => quietly(() => recordSent(fingerprint, { transcriptionId })),
    chunk: (idx) => quietly(() => recordSent(fingerprint, { chunk: idx })),
    media: () => quietly(() => recordSent(fingerprint, { mediaSent: true })),
  };
  return { compression, receipts };
}

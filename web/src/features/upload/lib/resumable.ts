import type { Transcription } from "@verbatim/shared/transcription";
import type { ResumableUpload } from "@verbatim/shared/upload";
import type { SpeakerChoice } from "@/entities/transcription/speaker-choice";
import type { SpaceId } from "@/entities/workspace/current-space";
import { ApiError } from "@/lib/api";
import { completeResumable, createResumable, getResumable, putPart } from "../api/upload-api";
import { withRetry } from "./retry";

/** Parts in flight at once. */
const PARALLEL_PARTS = 3;

export interface ResumableProgress {
  /** The server's upload id, kept so a retry resumes instead of starting over. */
  onUploadId: (id: string) => void;
  onProgress: (sentBytes: number) => void;
  /** The bytes the server holds, each time a part is stored (and at the start, from what it already had). */
  onStored: (storedBytes: number) => void;
}

/**
 * Sends a large file through the resumable API: fixed-size parts, three at a time, each retried with backoff.
 * Given the id of an earlier attempt, it asks the server which parts it already holds and sends only the rest.
 */
export async function uploadResumable(
  file: Blob,
  meta: { fileName: string; fileType: string; speakers: SpeakerChoice; space: SpaceId },
  existingId: string | null,
  signal: AbortSignal,
  { onUploadId, onProgress, onStored }: ResumableProgress,
): Promise<Transcription> {
  const create = () =>
    withRetry(
      () => createResumable({ fileName: meta.fileName, fileType: meta.fileType, size: file.size }, signal, meta.space),
      signal,
    );
  const upload = existingId
    ? await resume(existingId, file.size, signal).then((found) => found ?? create())
    : await create();
  onUploadId(upload.id);

  const partCount = Math.ceil(file.size / upload.partSize);
  const stored = new Set(upload.parts.map((p) => p.partNumber));
  let doneBytes = upload.parts.reduce((sum, p) => sum + p.size, 0);
  const inFlight = new Map<number, number>();
  const report = () => onProgress(doneBytes + [...inFlight.values()].reduce((a, b) => a + b, 0));
  report();
  onStored(doneBytes);

  const queue = Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !stored.has(n));
  const worker = async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
      const partNumber = n;
      const start = (partNumber - 1) * upload.partSize;
      const bytes = file.slice(start, Math.min(start + upload.partSize, file.size));
      await withRetry(async () => {
        inFlight.set(partNumber, 0);
        try {
          await putPart(
            upload.id,
            partNumber,
            bytes,
            (loaded) => {
              inFlight.set(partNumber, loaded);
              report();
            },
            signal,
          );
        } finally {
          inFlight.delete(partNumber);
        }
      }, signal);
      doneBytes += bytes.size;
      report();
      onStored(doneBytes);
    }
  };
  // One failing part fails the upload; the others stop at their next part (the caller aborts the signal).
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, queue.length) }, worker));
  return withRetry(() => completeResumable(upload.id, meta.speakers, signal), signal);
}

/**
 * The earlier attempt's upload, or null when it cannot continue — gone (404), already finished or aborted (409),
 * or for a file of another size — and a new one must start.
 */
async function resume(id: string, size: number, signal: AbortSignal): Promise<ResumableUpload | null> {
  try {
    const upload = await withRetry(() => getResumable(id, signal), signal);
    return upload.size === size ? upload : null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 409)) return null;
    throw error;
  }
}

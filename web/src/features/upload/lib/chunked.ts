import { ACTIVE_STATUSES, type Transcription } from "@verbatim/shared/transcription";
import { type SpeakerChoice, speakerFields } from "@/entities/transcription/speaker-choice";
import type { SpaceId } from "@/entities/workspace/current-space";
import { ApiError } from "@/lib/api";
import { UploadError } from "@/lib/xhr";
import { createChunked, getTranscriptionNow, putChunk, putMedia, sealChunks } from "../api/upload-api";
import type { CompressedRecording } from "./compress";
import { withRetry } from "./retry";

/** Pieces in flight at once. */
const PARALLEL_CHUNKS = 3;

/** How far an earlier attempt got: its transcription, and what the server acknowledged of it. */
export interface ChunkedSoFar {
  transcriptionId: string;
  sentChunks: number[];
  mediaSent: boolean;
}

/** Told as the server acknowledges each step, so the next attempt can start after it. */
export interface ChunkedReceipts {
  created: (transcriptionId: string) => Promise<void>;
  chunk: (idx: number) => Promise<void>;
  media: () => Promise<void>;
}

const refused = (error: unknown, status: number) =>
  (error instanceof ApiError || error instanceof UploadError) && error.status === status;

/** The earlier attempt's transcription as it stands, or null when it is gone (deleted) or failed. */
async function stillThere(id: string, signal: AbortSignal): Promise<Transcription | null> {
  try {
    const current = await withRetry(() => getTranscriptionNow(id, signal), signal);
    return current.status === "FAILED" ? null : current;
  } catch (error) {
    if (refused(error, 404)) return null;
    throw error;
  }
}

/**
 * Sends a compressed recording through the chunked API: the transcription first, then its pieces (each
 * transcribed as soon as it arrives), the recording for playback (`playback`: the original video when it is
 * kept, else the compressed audio), and the seal. The transcription's type is the playback file's, so a kept
 * video stays video/mp4 and plays as a video. Every request retries with backoff.
 * Given how far an earlier attempt got, it continues that transcription and sends only what the server lacks
 * (a transcript already joined needs no piece, a recording already stored is not sent again); if that
 * transcription was deleted or failed, a new one gets everything, in `space` (personal when absent).
 */
export async function uploadChunked(
  recording: CompressedRecording,
  fileName: string,
  language: string | null,
  speakers: SpeakerChoice,
  signal: AbortSignal,
  onProgress: (sentBytes: number, totalBytes: number) => void,
  soFar: ChunkedSoFar | null,
  receipts: ChunkedReceipts,
  playback: Blob = recording.audio,
  space: SpaceId = null,
): Promise<Transcription> {
  const sending = { chunks: recording.chunks, playback };
  // Twice at most: the pieces may all be transcribed (409 to another piece) between the look and the send.
  for (let look = 0; soFar && look < 2; look++) {
    const current = await stillThere(soFar.transcriptionId, signal);
    if (!current) break;
    const joined = !ACTIVE_STATUSES.includes(current.status);
    const mediaSent = soFar.mediaSent || current.file_size !== null;
    const sentChunks = joined ? recording.chunks.map((_, idx) => idx) : soFar.sentChunks;
    try {
      return await send(sending, { ...soFar, sentChunks, mediaSent }, signal, onProgress, receipts);
    } catch (error) {
      if (!refused(error, 409)) throw error;
    }
  }
  const transcription = await withRetry(
    () =>
      createChunked(
        {
          fileName,
          fileType: playback.type,
          chunks: recording.chunks.length,
          ...(language ? { language } : {}),
          ...speakerFields(speakers),
        },
        signal,
        space,
      ),
    signal,
  );
  await receipts.created(transcription.id);
  return send(
    sending,
    { transcriptionId: transcription.id, sentChunks: [], mediaSent: false },
    signal,
    onProgress,
    receipts,
  );
}

async function send(
  { chunks, playback: audio }: { chunks: CompressedRecording["chunks"]; playback: Blob },
  { transcriptionId, sentChunks, mediaSent }: ChunkedSoFar,
  signal: AbortSignal,
  onProgress: (sentBytes: number, totalBytes: number) => void,
  receipts: ChunkedReceipts,
): Promise<Transcription> {
  const total = audio.size + chunks.reduce((sum, c) => sum + c.audio.size, 0);
  const sent = new Map<string, number>();
  for (const idx of sentChunks) sent.set(`chunk${idx}`, chunks[idx]?.audio.size ?? 0);
  if (mediaSent) sent.set("media", audio.size);
  const report = () =>
    onProgress(
      [...sent.values()].reduce((a, b) => a + b, 0),
      total,
    );
  report();

  const queue = chunks.map((chunk, idx) => ({ ...chunk, idx })).filter(({ idx }) => !sentChunks.includes(idx));
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const { idx, start, audio: piece } = next;
      await withRetry(
        () =>
          putChunk(
            transcriptionId,
            idx,
            start,
            piece,
            (loaded) => {
              sent.set(`chunk${idx}`, loaded);
              report();
            },
            signal,
          ),
        signal,
      );
      sent.set(`chunk${idx}`, piece.size);
      report();
      await receipts.chunk(idx);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_CHUNKS, queue.length) }, worker));
  if (!mediaSent) {
    await withRetry(
      () =>
        putMedia(
          transcriptionId,
          audio,
          (loaded) => {
            sent.set("media", loaded);
            report();
          },
          signal,
        ),
      signal,
    );
    await receipts.media();
  }
  return withRetry(() => sealChunks(transcriptionId, chunks.length, signal), signal);
}

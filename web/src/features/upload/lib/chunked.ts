import type { Transcription } from "@verbatim/shared/transcription";
import { type SpeakerChoice, speakerFields } from "@/entities/transcription/speaker-choice";
import { ApiError } from "@/lib/api";
import { UploadError } from "@/lib/xhr";
import { createChunked, putChunk, putMedia, sealChunks } from "../api/upload-api";
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

/** The earlier attempt's transcription is gone (deleted) or no longer takes audio (failed, expired). */
const cannotContinue = (error: unknown) =>
  (error instanceof ApiError || error instanceof UploadError) && (error.status === 404 || error.status === 409);

/**
 * Sends a compressed recording through the chunked API: the transcription first, then its pieces (each
 * transcribed as soon as it arrives), the playable audio, and the seal. Every request retries with backoff.
 * Given how far an earlier attempt got, it sends only what the server lacks; if that transcription can no
 * longer take audio, it starts a new one.
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
): Promise<Transcription> {
  if (soFar) {
    try {
      return await send(recording, soFar, signal, onProgress, receipts);
    } catch (error) {
      if (!cannotContinue(error)) throw error;
    }
  }
  const transcription = await withRetry(
    () =>
      createChunked(
        {
          fileName,
          fileType: recording.audio.type,
          chunks: recording.chunks.length,
          ...(language ? { language } : {}),
          ...speakerFields(speakers),
        },
        signal,
      ),
    signal,
  );
  await receipts.created(transcription.id);
  return send(
    recording,
    { transcriptionId: transcription.id, sentChunks: [], mediaSent: false },
    signal,
    onProgress,
    receipts,
  );
}

async function send(
  { chunks, audio }: CompressedRecording,
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

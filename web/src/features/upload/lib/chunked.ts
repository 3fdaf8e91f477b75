import type { Transcription } from "@verbatim/shared/transcription";
import { type SpeakerChoice, speakerFields } from "@/entities/transcription/speaker-choice";
import { createChunked, putChunk, putMedia, sealChunks } from "../api/upload-api";
import type { CompressedRecording } from "./compress";
import { withRetry } from "./retry";

/** Pieces in flight at once. */
const PARALLEL_CHUNKS = 3;

/**
 * Sends a compressed recording through the chunked API: the transcription first, then its pieces (each
 * transcribed as soon as it arrives), the playable audio, and the seal. Every request retries with backoff.
 */
export async function uploadChunked(
  recording: CompressedRecording,
  fileName: string,
  language: string | null,
  speakers: SpeakerChoice,
  signal: AbortSignal,
  onProgress: (sentBytes: number, totalBytes: number) => void,
): Promise<Transcription> {
  const { chunks, audio } = recording;
  const total = audio.size + chunks.reduce((sum, c) => sum + c.audio.size, 0);
  const sent = new Map<string, number>();
  const report = () =>
    onProgress(
      [...sent.values()].reduce((a, b) => a + b, 0),
      total,
    );

  const transcription = await withRetry(
    () =>
      createChunked(
        {
          fileName,
          fileType: audio.type,
          chunks: chunks.length,
          ...(language ? { language } : {}),
          ...speakerFields(speakers),
        },
        signal,
      ),
    signal,
  );

  const queue = chunks.map((chunk, idx) => ({ ...chunk, idx }));
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const { idx, start, audio: piece } = next;
      await withRetry(
        () =>
          putChunk(
            transcription.id,
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
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_CHUNKS, queue.length) }, worker));
  await withRetry(
    () =>
      putMedia(
        transcription.id,
        audio,
        (loaded) => {
          sent.set("media", loaded);
          report();
        },
        signal,
      ),
    signal,
  );
  return withRetry(() => sealChunks(transcription.id, chunks.length, signal), signal);
}

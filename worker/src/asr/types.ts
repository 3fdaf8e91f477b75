import type { DiarizationNote, Segment, TranscriptionTask } from "@verbatim/shared";

/** A recording as a provider receives it: streamed from storage, its length in bytes known. */
export interface SpeechMedia {
  audio: ReadableStream<Uint8Array>;
  size: number;
  fileName: string;
  contentType: string;
}

export interface SpeechRequest extends SpeechMedia {
  /** ISO-639-1; omitted means the engine detects it. */
  language?: string | undefined;
  prompt?: string | undefined;
  /**
   * `translate`: write the speech in English (Whisper's translate task; `language` is then left out, as the engine
   * detects the spoken one). Absent: transcribe.
   */
  task?: TranscriptionTask | undefined;
  /**
   * Speaker recognition asked for, with the number of speakers when known; absent = none. `exact` is false for
   * one chunk of a longer recording, which may hold fewer of the speakers (the count is then an upper bound).
   */
  diarize?: { numSpeakers: number | null; exact: boolean } | undefined;
}

/** Times are relative to the start of the audio that was sent. */
export interface SpeechResult {
  language: string | null;
  duration: number;
  /** With diarization, words and segments carry the provider's own speaker ids (per chunk, not yet joined). */
  segments: Segment[];
  /** What became of a requested speaker recognition; absent when none was asked for. */
  diarization?: DiarizationNote | undefined;
  /** One unit-length voice embedding per speaker id, for matching the speakers of separate chunks. */
  speakerEmbeddings?: Record<string, number[]> | undefined;
}

export interface SpeechProvider {
  readonly name: string;
  transcribe(req: SpeechRequest): Promise<SpeechResult>;
  /**
   * The recording's length in seconds, read without recognising it (so a plan's length limit is applied before
   * the work). Providers that cannot tell leave it out, and the limit is applied once recognition reports it.
   */
  probeDuration?(media: SpeechMedia): Promise<number>;
}

/** `transient` failures (engine down, overloaded, timed out) are retried with backoff; others fail the job. */
export class SpeechError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
  }
}

export const isTransientStatus = (status: number) =>
  status === 408 || status === 409 || status === 429 || status >= 500;

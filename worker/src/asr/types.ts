import type { Segment } from "@verbatim/shared";

export interface SpeechRequest {
  audio: ReadableStream<Uint8Array>;
  size: number;
  fileName: string;
  contentType: string;
  /** ISO-639-1; omitted means the engine detects it. */
  language?: string | undefined;
  prompt?: string | undefined;
}

/** Times are relative to the start of the audio that was sent. */
export interface SpeechResult {
  language: string | null;
  duration: number;
  segments: Segment[];
}

export interface SpeechProvider {
  readonly name: string;
  transcribe(req: SpeechRequest): Promise<SpeechResult>;
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

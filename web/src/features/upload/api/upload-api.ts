import { transcriptionSchema } from "@verbatim/shared/transcription";
import {
  chunkReceiptSchema,
  mediaReceiptSchema,
  resumableUploadSchema,
  speechLanguageSchema,
  uploadedPartSchema,
} from "@verbatim/shared/upload";
import { type SpeakerChoice, speakerFields } from "@/entities/transcription/speaker-choice";
import type { SpaceId } from "@/entities/workspace/current-space";
import { api, read, send, withJsonBody, withSignal } from "@/lib/api";
import { xhrUpload } from "@/lib/xhr";
import { uploadForm } from "../lib/upload-form";

export function uploadSingle(
  file: Blob,
  fileName: string,
  language: string | null,
  speakers: SpeakerChoice,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
  space: SpaceId,
) {
  const form = uploadForm(file, fileName, language, speakers);
  return xhrUpload({
    method: "POST",
    url: api.transcriptions.upload.$url({ query: { space: space ?? undefined } }),
    schema: transcriptionSchema,
    body: form,
    onProgress,
    signal,
  });
}

export const createResumable = (
  input: { fileName: string; fileType: string; size: number },
  signal: AbortSignal,
  space: SpaceId,
) =>
  read(
    api.uploads.$post({ json: input, query: { space: space ?? undefined } }, withSignal(signal)),
    resumableUploadSchema,
  );

export const getResumable = (id: string, signal: AbortSignal) =>
  read(api.uploads[":id"].$get({ param: { id } }, withSignal(signal)), resumableUploadSchema);

export function putPart(
  id: string,
  partNumber: number,
  bytes: Blob,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
) {
  return xhrUpload({
    method: "PUT",
    url: api.uploads[":id"].parts[":n{[0-9]+}"].$url({ param: { id, n: String(partNumber) } }),
    schema: uploadedPartSchema,
    body: bytes,
    headers: { "Content-Type": "application/octet-stream" },
    onProgress: (loaded) => onProgress(loaded),
    signal,
  });
}

/** Completes the upload into a transcription (in the space the upload was created for), speakers as chosen. */
export const completeResumable = (id: string, speakers: SpeakerChoice, signal: AbortSignal) =>
  read(
    api.uploads[":id"].complete.$post({ param: { id } }, withJsonBody(speakerFields(speakers), signal)),
    transcriptionSchema,
  );

export async function abortResumable(id: string) {
  await send(api.uploads[":id"].$delete({ param: { id } }));
}

/** POST /api/transcriptions/chunked: a transcription that will receive its audio in `chunks` pieces. */
export const createChunked = (
  input: {
    fileName: string;
    fileType: string;
    chunks: number;
    language?: string;
    diarize: boolean;
    num_speakers?: number;
  },
  signal: AbortSignal,
  space: SpaceId,
) =>
  read(
    // The select offers only the engine's codes; an unknown one is refused here as the server would (400).
    api.transcriptions.chunked.$post(
      {
        json: { ...input, language: speechLanguageSchema.optional().parse(input.language) },
        query: { space: space ?? undefined },
      },
      withSignal(signal),
    ),
    transcriptionSchema,
  );

/** PUT one piece of audio, `start` seconds into the recording. */
export function putChunk(
  id: string,
  idx: number,
  start: number,
  audio: Blob,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
) {
  return xhrUpload({
    method: "PUT",
    url: api.transcriptions[":id"].chunks[":idx{[0-9]+}"].$url({
      param: { id, idx: String(idx) },
      query: { start: String(start) },
    }),
    schema: chunkReceiptSchema,
    body: audio,
    headers: { "Content-Type": audio.type || "application/octet-stream" },
    onProgress: (loaded) => onProgress(loaded),
    signal,
  });
}

/** PUT the (compressed) recording the player streams. */
export function putMedia(id: string, audio: Blob, onProgress: (loaded: number) => void, signal: AbortSignal) {
  return xhrUpload({
    method: "PUT",
    url: api.transcriptions[":id"].media.$url({ param: { id } }),
    schema: mediaReceiptSchema,
    body: audio,
    headers: { "Content-Type": audio.type || "application/octet-stream" },
    onProgress: (loaded) => onProgress(loaded),
    signal,
  });
}

/** All chunks are there: the server stitches them once each is transcribed. */
export const sealChunks = (id: string, chunks: number, signal: AbortSignal) =>
  read(
    api.transcriptions[":id"].chunks.seal.$post({ param: { id }, json: { chunks } }, withSignal(signal)),
    transcriptionSchema,
  );

/** Gives up a chunked upload that will not be finished: its transcription (still receiving audio) is deleted. */
export async function abandonChunked(id: string) {
  await send(api.transcriptions[":id"].$delete({ param: { id } }));
}

/** The transcription a chunked upload sends to, as it stands now (a resumed upload checks it first). */
export const getTranscriptionNow = (id: string, signal: AbortSignal) =>
  read(api.transcriptions[":id"].$get({ param: { id } }, withSignal(signal)), transcriptionSchema);

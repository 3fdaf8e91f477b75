import type { Transcription } from "@verbatim/shared/transcription";
import type { ResumableUpload } from "@verbatim/shared/upload";
import { apiFetch, apiJson, jsonBody } from "@/lib/api";
import { xhrUpload } from "@/lib/xhr";

export function uploadSingle(
  file: Blob,
  fileName: string,
  language: string | null,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
) {
  const form = new FormData();
  if (language) form.append("language", language); // before the file: the server reads the form as a stream
  form.append("file", file, fileName);
  return xhrUpload<Transcription>({ method: "POST", url: "/api/transcriptions/upload", body: form, onProgress, signal });
}

export const createResumable = (input: { fileName: string; fileType: string; size: number }, signal: AbortSignal) =>
  apiJson<ResumableUpload>("/api/uploads", { ...jsonBody("POST", input), signal });

export const getResumable = (id: string, signal: AbortSignal) => apiJson<ResumableUpload>(`/api/uploads/${id}`, { signal });

export function putPart(
  id: string,
  partNumber: number,
  bytes: Blob,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
) {
  return xhrUpload<{ partNumber: number; etag: string }>({
    method: "PUT",
    url: `/api/uploads/${id}/parts/${partNumber}`,
    body: bytes,
    headers: { "Content-Type": "application/octet-stream" },
    onProgress: (loaded) => onProgress(loaded),
    signal,
  });
}

export const completeResumable = (id: string, signal: AbortSignal) =>
  apiJson<Transcription>(`/api/uploads/${id}/complete`, { method: "POST", signal });

export async function abortResumable(id: string) {
  await apiFetch(`/api/uploads/${id}`, { method: "DELETE" });
}

/** POST /api/transcriptions/chunked: a transcription that will receive its audio in `chunks` pieces. */
export const createChunked = (
  input: { fileName: string; fileType: string; chunks: number; language?: string },
  signal: AbortSignal,
) =>
  apiJson<Transcription>("/api/transcriptions/chunked", { ...jsonBody("POST", input), signal });

/** PUT one piece of audio, `start` seconds into the recording. */
export function putChunk(
  id: string,
  idx: number,
  start: number,
  audio: Blob,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
) {
  return xhrUpload<{ idx: number; start: number }>({
    method: "PUT",
    url: `/api/transcriptions/${id}/chunks/${idx}?start=${start}`,
    body: audio,
    headers: { "Content-Type": audio.type || "application/octet-stream" },
    onProgress: (loaded) => onProgress(loaded),
    signal,
  });
}

/** PUT the (compressed) recording the player streams. */
export function putMedia(id: string, audio: Blob, onProgress: (loaded: number) => void, signal: AbortSignal) {
  return xhrUpload<{ size: number }>({
    method: "PUT",
    url: `/api/transcriptions/${id}/media`,
    body: audio,
    headers: { "Content-Type": audio.type || "application/octet-stream" },
    onProgress: (loaded) => onProgress(loaded),
    signal,
  });
}

/** All chunks are there: the server stitches them once each is transcribed. */
export const sealChunks = (id: string, chunks: number, signal: AbortSignal) =>
  apiJson<Transcription>(`/api/transcriptions/${id}/chunks/seal`, { ...jsonBody("POST", { chunks }), signal });

import {
  FILE_EMPTY,
  FILE_TOO_LARGE,
  FILE_UNSUPPORTED,
  isAcceptedMedia,
  LANGUAGE_UNKNOWN,
  MAX_UPLOAD_BYTES,
  speechLanguageSchema,
  type TranscriptionTask,
} from "@verbatim/shared";
import type { Db } from "../db/client";
import { transcriptionChunks } from "../db/schema";
import type { Bindings } from "../env";
import { ApiError } from "../http/errors";
import { enqueueChunk } from "../jobs";
import { looksLikeMedia, peek } from "../rules/media-sniff";
import { appendLog, insertTranscription } from "../store/transcriptions";
import { assertPlanLength } from "./plan-length";
import type { SpeakerChoice } from "./speaker-options";

export const NOT_MEDIA = "This file is not an audio or video recording we can read";

/** Checks a stream's first bytes and hands back the intact stream; refuses empty and non-media content. */
export async function sniffMedia(stream: ReadableStream<Uint8Array>) {
  const { head, stream: intact } = await peek(stream);
  if (head.length === 0) throw new ApiError(400, FILE_EMPTY);
  if (!looksLikeMedia(head)) {
    await intact.cancel().catch(() => {});
    throw new ApiError(415, NOT_MEDIA);
  }
  return intact;
}

export function assertAcceptedType(fileName: string, fileType: string) {
  if (!isAcceptedMedia(fileName, fileType)) throw new ApiError(415, FILE_UNSUPPORTED);
}

export function assertDeclaredSize(contentLength: string | undefined, max = MAX_UPLOAD_BYTES) {
  // The multipart envelope adds a few hundred bytes; anything past the limit plus that slack is refused unread.
  if (contentLength && Number(contentLength) > max + 64 * 1024) throw new ApiError(413, FILE_TOO_LARGE);
}

/**
 * A declared length in bytes: the upload form's `size` field or a raw body's Content-Length. Absent: undefined;
 * given, it is checked against the plan-independent limits before a byte of the file is read.
 */
export function declaredFileSize(value: string | undefined, max = MAX_UPLOAD_BYTES, tooLarge = FILE_TOO_LARGE) {
  const v = value?.trim();
  if (!v) return undefined;
  if (!/^\d{1,16}$/.test(v)) throw new ApiError(400, "size must be the file's length in bytes");
  const size = Number(v);
  if (size === 0) throw new ApiError(400, FILE_EMPTY);
  if (size > max) throw new ApiError(413, tooLarge);
  return size;
}

/** The `language` upload field: a Whisper language code, or absent (detect it). */
export function spokenLanguage(value: string | undefined) {
  const v = value?.trim().toLowerCase();
  if (!v) return null;
  const parsed = speechLanguageSchema.safeParse(v);
  if (!parsed.success) throw new ApiError(400, LANGUAGE_UNKNOWN);
  return parsed.data;
}

/**
 * A transcription whose whole recording sits at `mediaKey`: one chunk, queued at once. A recording longer than
 * the plan allows is refused with 402 first (the caller deletes what it stored).
 */
export async function createFileTranscription(
  env: Bindings,
  db: Db,
  v: {
    id: string;
    userId: string;
    /** The team workspace it goes into; null or absent = the uploader's personal space. */
    workspaceId?: string | null;
    name: string | null;
    fileName: string;
    fileType: string;
    mediaKey: string;
    size: number;
    language?: string | null;
    /** `translate`: Whisper's English translation instead of a transcript (the OpenAI translations route). */
    task?: TranscriptionTask;
  } & Partial<SpeakerChoice>,
) {
  const space = { userId: v.userId, workspaceId: v.workspaceId ?? null };
  await assertPlanLength(env, space, { key: v.mediaKey, fileName: v.fileName, contentType: v.fileType });
  const row = await insertTranscription(db, {
    id: v.id,
    userId: v.userId,
    workspaceId: space.workspaceId,
    name: v.name,
    fileName: v.fileName,
    fileType: v.fileType || "application/octet-stream",
    filePath: v.mediaKey,
    fileSize: v.size,
    source: "file",
    language: v.language ?? null,
    diarize: v.diarize ?? false,
    numSpeakers: v.numSpeakers ?? null,
    task: v.task ?? "transcribe",
  });
  await db.insert(transcriptionChunks).values({ transcriptionId: v.id, idx: 0, r2Key: v.mediaKey, startOffset: 0 });
  await appendLog(db, v.id, `Upload received: ${(v.size / 1024 / 1024).toFixed(1)} MB`);
  await enqueueChunk(env, db, v.id, 0);
  return row;
}

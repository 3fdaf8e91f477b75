import type { Segment, Speaker } from "@verbatim/shared/transcript";
import Dexie, { type EntityTable, type Table } from "dexie";

/** One persisted query of the TanStack Query cache (see query-persister.ts), stored by its hash. */
export interface CachedQueryRow {
  hash: string;
  /** The dehydrated query, exactly as TanStack Query's dehydrate() produced it. */
  query: unknown;
}

export interface CacheMetaRow {
  key: "client";
  timestamp: number;
  buster: string;
}

/**
 * A file the user chose while offline, kept until the network returns, or one that could not be sent, kept with
 * its `failure` until the user tries again or removes it (see features/upload).
 */
export interface QueuedUploadRow {
  key: string;
  userId: string;
  file: Blob;
  fileName: string;
  fileType: string;
  size: number;
  createdAt: number;
  /** The spoken language chosen at upload (not indexed, so rows from before it need no migration). */
  language?: string | null;
  /** Speaker recognition chosen at upload (not indexed either). */
  speakers?: { diarize: boolean; numSpeakers: number | null };
  /** The space it goes into (null or absent: personal; not indexed, so rows from before it need no migration). */
  space?: string | null;
  /** The compression kept on the device that this file continues (the upload row's `resumeKey`; not indexed). */
  resumeKey?: string | null;
  /**
   * Set when the server refused the file or sending it failed for good: the file stays, with the reason, until
   * the user tries again or removes it (not indexed: rows from before it need no migration). Never sent while set.
   */
  failure?: QueuedUploadFailure;
}

export interface QueuedUploadFailure {
  /** The server's words (e.g. the plan refusal, ending in "/subscription") or the transport's. */
  message: string;
  /** The HTTP status of a refusal (402: a plan limit); null when the server never answered. */
  status: number | null;
  at: number;
}

/**
 * A large upload (resumable API) that stopped before it finished: a reload, a closed tab, a crash. Only the
 * server's upload id is kept, not the file: picking the same file again sends just the parts still missing.
 */
export interface InterruptedUploadRow {
  /** The user and the file's name, size, type and last change: how a file picked again is recognised. */
  fingerprint: string;
  userId: string;
  uploadId: string;
  fileName: string;
  size: number;
  /** Bytes the server had acknowledged when last heard (not indexed: rows from before it need no migration). */
  sentBytes?: number;
  createdAt: number;
}

/**
 * Transcript edits not yet saved to the server (features/transcription-detail/lib/editor/drafts.ts): a reload,
 * a crash or going offline loses nothing. `baseVersion` is the version they were made on, for the save's 409 check.
 */
export interface TranscriptDraftRow {
  transcriptionId: string;
  baseVersion: number;
  segments: Segment[];
  speakers: Speaker[];
  savedAt: number;
}

/**
 * A recording compressed in the browser (features/upload/lib/compressed-store.ts) whose upload has not finished:
 * what ffmpeg.wasm produced is kept (in compressedBlobs) as it is produced, with what the server already
 * acknowledged, so a reload continues the upload without compressing again.
 */
export interface CompressedUploadRow {
  /** The original file's fingerprint (user, name, size, type, last change), as for interruptedUploads. */
  fingerprint: string;
  userId: string;
  fileName: string;
  /** The original file's size. */
  size: number;
  /** Seconds of audio: the number of pieces and where each starts follow from it. */
  duration: number;
  /** Bytes of the compressed recording and of each piece cut so far (by index). */
  audioBytes: number;
  chunkBytes: number[];
  language: string | null;
  speakers: { diarize: boolean; numSpeakers: number | null };
  /** The space it goes into (null or absent: personal; not indexed). */
  space?: string | null;
  /** The transcription the pieces go to, once created; then the pieces and recording it acknowledged. */
  transcriptionId: string | null;
  sentChunks: number[];
  mediaSent: boolean;
  createdAt: number;
}

/** One blob of a compressed upload: the whole recording ("audio") or a piece ("chunk-<index>"). */
export interface CompressedBlobRow {
  fingerprint: string;
  part: string;
  blob: Blob;
}

/** The app's IndexedDB. Loaded on demand (dynamic import) so the entry chunk stays small. */
export class VerbatimDb extends Dexie {
  queries!: EntityTable<CachedQueryRow, "hash">;
  cacheMeta!: EntityTable<CacheMetaRow, "key">;
  queuedUploads!: EntityTable<QueuedUploadRow, "key">;
  interruptedUploads!: EntityTable<InterruptedUploadRow, "fingerprint">;
  transcriptDrafts!: EntityTable<TranscriptDraftRow, "transcriptionId">;
  compressedUploads!: EntityTable<CompressedUploadRow, "fingerprint">;
  compressedBlobs!: Table<CompressedBlobRow, [string, string]>;

  constructor() {
    super("verbatim");
    this.version(1).stores({
      queries: "hash",
      cacheMeta: "key",
      queuedUploads: "key, userId, createdAt",
    });
    this.version(2).stores({ interruptedUploads: "fingerprint, userId" });
    this.version(3).stores({ transcriptDrafts: "transcriptionId" });
    this.version(4).stores({
      compressedUploads: "fingerprint, userId",
      compressedBlobs: "[fingerprint+part], fingerprint",
    });
  }
}

export const db = new VerbatimDb();

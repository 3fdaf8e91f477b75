import type { TranscriptDoc } from "@verbatim/shared/transcript";
import type { Transcription } from "@verbatim/shared/transcription";
import Dexie, { type EntityTable } from "dexie";

// The device library (issue 16): every transcription of the signed-in user, kept in the browser by an
// incremental sync (GET /api/sync), so the whole library reads offline. One database per user, so a second
// account on the same browser never sees the first one's rows, and logout deletes the database outright.

/** A transcription as GET /api/transcriptions/{id} answers it (list row, text, summary, analysis). */
export type LibraryTranscriptionRow = Transcription;

/** The timed transcript (GET …/segments) of a transcription that has one. */
export interface LibraryTranscriptRow {
  id: string;
  doc: TranscriptDoc;
}

/**
 * Sync bookkeeping: the server's cursor per space (`cursor` for the personal space, `cursor:{workspaceId}` for a
 * team's) and when the last sync finished.
 */
export type LibraryMetaRow = { key: SpaceCursorKey; value: string } | { key: "syncedAt"; value: number };
export type SpaceCursorKey = "cursor" | `cursor:${string}`;

/** The meta key of a space's cursor (null: personal, under the key it had before spaces existed). */
export const cursorKey = (space: string | null): SpaceCursorKey => (space === null ? "cursor" : `cursor:${space}`);

/**
 * A rename or delete made while offline, sent in order (`seq`) when the connection returns.
 * `baseUpdatedAt` is the transcription's `updated_at` the user saw: the conflict rule compares it with the server's.
 */
export interface PendingChangeRow {
  seq?: number;
  transcriptionId: string;
  kind: "rename" | "delete";
  /** The new name, for a rename. */
  name?: string;
  baseUpdatedAt: string;
  createdAt: number;
}

/**
 * A recording the user chose to "Keep offline". The bytes live in Cache Storage (the service worker serves
 * Range requests from there); this row is what the UI lists and what a full quota evicts, oldest first.
 */
export interface OfflineMediaRow {
  id: string;
  /** The cached URL, as the player requests it. */
  url: string;
  size: number;
  keptAt: number;
}

export class LibraryDb extends Dexie {
  transcriptions!: EntityTable<LibraryTranscriptionRow, "id">;
  transcripts!: EntityTable<LibraryTranscriptRow, "id">;
  meta!: EntityTable<LibraryMetaRow, "key">;
  pendingChanges!: EntityTable<PendingChangeRow, "seq">;
  offlineMedia!: EntityTable<OfflineMediaRow, "id">;

  constructor(userId: string) {
    super(libraryDbName(userId));
    // Add a version per change of shape, with an upgrade() that moves old rows: never edit a released one.
    this.version(1).stores({
      transcriptions: "id, created_at, updated_at",
      transcripts: "id",
      meta: "key",
      pendingChanges: "++seq, transcriptionId",
      offlineMedia: "id, keptAt",
    });
  }
}

/** Cache Storage for recordings kept offline: one cache for the device, deleted with the libraries. */
export const OFFLINE_MEDIA_CACHE = "verbatim-offline-media";

/** Deletes kept recordings from Cache Storage (not part of IndexedDB's transactions, so after them). */
export async function freeRecordings(urls: string[]) {
  if (urls.length === 0 || typeof caches === "undefined") return;
  const cache = await caches.open(OFFLINE_MEDIA_CACHE);
  await Promise.all(urls.map((url) => cache.delete(url)));
}

const PREFIX = "verbatim-library-";
export const libraryDbName = (userId: string) => `${PREFIX}${userId}`;

let open: LibraryDb | null = null;

/** The signed-in user's library (opened once, reused). */
export function libraryFor(userId: string): LibraryDb {
  if (open?.name !== libraryDbName(userId)) {
    open?.close();
    open = new LibraryDb(userId);
  }
  return open;
}

/** Logout and account deletion: every user's library on this device is deleted, not just emptied. */
export async function deleteAllLibraries(): Promise<void> {
  open?.close();
  open = null;
  const names = (await Dexie.getDatabaseNames()).filter((name) => name.startsWith(PREFIX));
  // Cache Storage exists only in secure contexts.
  const media = typeof caches === "undefined" ? false : caches.delete(OFFLINE_MEDIA_CACHE);
  await Promise.all([...names.map((name) => Dexie.delete(name)), media]);
}

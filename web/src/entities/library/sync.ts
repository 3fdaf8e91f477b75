import { type SyncChange, type SyncPage, syncPageSchema } from "@verbatim/shared/sync";
import type { SpaceId } from "@/entities/workspace/current-space";
import { ApiError, api, read } from "@/lib/api";
import { dropSpaces } from "./drop-spaces";
import { cursorKey, freeRecordings, type LibraryDb, libraryFor } from "./library-db";
import { type SentChange, sendPendingChanges } from "./pending-changes";
import { withRoomForText } from "./quota";

/** Asks the server for one space's changes after a cursor (one page); null is the personal space. */
export type FetchSyncPage = (since: string, space: SpaceId) => Promise<SyncPage>;

const fetchPage: FetchSyncPage = (since, space) =>
  read(api.sync.$get({ query: { since, space: space ?? undefined } }), syncPageSchema);

/** Writes one page's changes and its space's cursor in one transaction: a page is applied whole or not at all. */
async function applyPage(lib: LibraryDb, page: SyncPage, space: SpaceId) {
  const tables = [lib.transcriptions, lib.transcripts, lib.meta, lib.pendingChanges, lib.offlineMedia];
  const freed = await lib.transaction("rw", tables, async () => {
    const urls: string[] = [];
    for (const change of page.changes) {
      const url = await applyChange(lib, change, space);
      if (url) urls.push(url);
    }
    await lib.meta.bulkPut([
      { key: cursorKey(space), value: page.cursor },
      { key: "syncedAt", value: Date.now() },
    ]);
    return urls;
  });
  // Cache Storage is not part of the IndexedDB transaction: the recordings of deleted transcriptions go after it.
  await freeRecordings(freed);
}

/** Applies one change; for a deletion, answers the URL of the recording kept offline that must go too. */
async function applyChange(lib: LibraryDb, change: SyncChange, space: SpaceId): Promise<string | undefined> {
  if (change.type === "delete") {
    // A move leaves a tombstone in the space it left: the copy another space's feed already brought stays.
    const kept = await lib.transcriptions.get(change.id);
    if (kept && (kept.workspace_id ?? null) !== space) return undefined;
    const media = await lib.offlineMedia.get(change.id);
    await lib.transcriptions.delete(change.id);
    await lib.transcripts.delete(change.id);
    await lib.offlineMedia.delete(change.id);
    return media?.url;
  }
  // A rename or delete made offline and not sent yet stays what the user sees until it is sent.
  const pending = await lib.pendingChanges.where("transcriptionId").equals(change.id).sortBy("seq");
  if (pending.some((p) => p.kind === "delete")) return undefined;
  const renamed = pending.findLast((p) => p.kind === "rename");
  await lib.transcriptions.put(
    renamed ? { ...change.transcription, name: renamed.name ?? null } : change.transcription,
  );
  if (change.transcript) await lib.transcripts.put({ id: change.id, doc: change.transcript });
  else await lib.transcripts.delete(change.id);
  return undefined;
}

/** Brings one space of the library up to date: pages from its stored cursor until the server has nothing more. */
async function pullChanges(lib: LibraryDb, fetch: FetchSyncPage, space: SpaceId): Promise<number> {
  let cursor = (await lib.meta.get(cursorKey(space)))?.value;
  let changes = 0;
  for (;;) {
    const page = await fetch(typeof cursor === "string" ? cursor : "0", space);
    await withRoomForText(lib, () => applyPage(lib, page, space));
    changes += page.changes.length;
    cursor = page.cursor;
    if (!page.hasMore) return changes;
  }
}

export interface SyncResult {
  /** Changes from the server applied to the library. */
  pulled: number;
  /** Changes made offline on this device that were sent, with what became of each. */
  sent: SentChange[];
  /** Workspaces in the list the sync was given whose feed answered 404: the user is no longer in them. */
  gone: string[];
}

const running = new Map<string, Promise<SyncResult>>();

/**
 * Pulls every space: personal, then each team in `workspaceIds`. When that list is known, copies of any other
 * team space are deleted from the device, and so are a space's whose feed answers 404 (the user was removed
 * since the list was read). Null (the list could not be read) syncs the personal space and deletes nothing.
 */
async function pullSpaces(userId: string, fetch: FetchSyncPage, workspaceIds: string[] | null) {
  const lib = libraryFor(userId);
  let pulled = await pullChanges(lib, fetch, null);
  const gone: string[] = [];
  if (workspaceIds === null) return { pulled, gone };
  await dropSpaces(lib, (space) => !workspaceIds.includes(space));
  for (const space of workspaceIds) {
    try {
      pulled += await pullChanges(lib, fetch, space);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
      await dropSpaces(lib, (dropped) => dropped === space);
      gone.push(space);
    }
  }
  return { pulled, gone };
}

/**
 * Syncs the signed-in user's library: first the changes made offline here are sent, in order, then the
 * server's changes are pulled, space by space (bringing back what a refused change had hidden). A call while a
 * sync runs joins it (one at a time per tab, and one across the tabs of this browser where Web Locks exist).
 */
export function syncLibrary(
  userId: string,
  fetch: FetchSyncPage = fetchPage,
  workspaceIds: string[] | null = null,
): Promise<SyncResult> {
  const current = running.get(userId);
  if (current) return current;
  const run = async () => {
    const sent = await sendPendingChanges(userId);
    return { sent, ...(await pullSpaces(userId, fetch, workspaceIds)) };
  };
  const locked: Promise<SyncResult> =
    typeof navigator !== "undefined" && navigator.locks
      ? // request() is typed as answering the callback's promise itself; then() unwraps it.
        navigator.locks.request(`verbatim-library-sync-${userId}`, run).then((applied) => applied)
      : run();
  const started = locked.finally(() => running.delete(userId));
  running.set(userId, started);
  return started;
}

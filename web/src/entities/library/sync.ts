import { type SyncChange, type SyncPage, syncPageSchema } from "@verbatim/shared/sync";
import { api, read } from "@/lib/api";
import { type LibraryDb, libraryFor, OFFLINE_MEDIA_CACHE } from "./library-db";
import { type SentChange, sendPendingChanges } from "./pending-changes";
import { withRoomForText } from "./quota";

/** Asks the server for the changes after a cursor (one page). */
export type FetchSyncPage = (since: string) => Promise<SyncPage>;

const fetchPage: FetchSyncPage = (since) => read(api.sync.$get({ query: { since } }), syncPageSchema);

/** Writes one page's changes and its cursor in one transaction: a page is applied whole or not at all. */
async function applyPage(lib: LibraryDb, page: SyncPage) {
  const tables = [lib.transcriptions, lib.transcripts, lib.meta, lib.pendingChanges, lib.offlineMedia];
  const freed = await lib.transaction("rw", tables, async () => {
    const urls: string[] = [];
    for (const change of page.changes) {
      const url = await applyChange(lib, change);
      if (url) urls.push(url);
    }
    await lib.meta.bulkPut([
      { key: "cursor", value: page.cursor },
      { key: "syncedAt", value: Date.now() },
    ]);
    return urls;
  });
  // Cache Storage is not part of the IndexedDB transaction: the recordings of deleted transcriptions go after it.
  if (freed.length && typeof caches !== "undefined") {
    const cache = await caches.open(OFFLINE_MEDIA_CACHE);
    await Promise.all(freed.map((url) => cache.delete(url)));
  }
}

/** Applies one change; for a deletion, answers the URL of the recording kept offline that must go too. */
async function applyChange(lib: LibraryDb, change: SyncChange): Promise<string | undefined> {
  if (change.type === "delete") {
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

/** Brings the user's library up to date: pages from the stored cursor until the server has nothing more. */
async function pullChanges(userId: string, fetch: FetchSyncPage): Promise<number> {
  const lib = libraryFor(userId);
  let cursor = (await lib.meta.get("cursor"))?.value;
  let changes = 0;
  for (;;) {
    const page = await fetch(typeof cursor === "string" ? cursor : "0");
    await withRoomForText(lib, () => applyPage(lib, page));
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
}

const running = new Map<string, Promise<SyncResult>>();

/**
 * Syncs the signed-in user's library: first the changes made offline here are sent, in order, then the
 * server's changes are pulled (bringing back what a refused change had hidden). A call while a sync runs
 * joins it (one at a time per tab, and one across the tabs of this browser where Web Locks exist).
 */
export function syncLibrary(userId: string, fetch: FetchSyncPage = fetchPage): Promise<SyncResult> {
  const current = running.get(userId);
  if (current) return current;
  const run = async () => {
    const sent = await sendPendingChanges(userId);
    return { sent, pulled: await pullChanges(userId, fetch) };
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

import { freeRecordings, type LibraryDb } from "./library-db";

const SPACE_CURSOR = "cursor:";

/**
 * Deletes from the device every copy in a team space the user no longer has (left, removed, deleted), with its
 * transcript, kept recording and the space's cursor: what they may no longer read must not stay readable offline.
 */
export async function dropSpaces(lib: LibraryDb, gone: (workspaceId: string) => boolean) {
  const tables = [lib.transcriptions, lib.transcripts, lib.meta, lib.offlineMedia];
  const urls = await lib.transaction("rw", tables, async () => {
    const ids = (await lib.transcriptions.filter((t) => !!t.workspace_id && gone(t.workspace_id)).toArray()).map(
      (t) => t.id,
    );
    const media = await lib.offlineMedia.bulkGet(ids);
    await Promise.all([
      lib.transcriptions.bulkDelete(ids),
      lib.transcripts.bulkDelete(ids),
      lib.offlineMedia.bulkDelete(ids),
    ]);
    const keys = await lib.meta.toCollection().primaryKeys();
    await lib.meta.bulkDelete(
      keys.filter((key) => key.startsWith(SPACE_CURSOR) && gone(key.slice(SPACE_CURSOR.length))),
    );
    return media.flatMap((row) => (row ? [row.url] : []));
  });
  await freeRecordings(urls);
}

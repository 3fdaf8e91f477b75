import type { SearchPage, SearchQuery } from "@verbatim/shared/search";
import { libraryFor } from "./library-db";
import { OfflineSearchIndex } from "./search-index";

let built: { key: string; index: OfflineSearchIndex } | null = null;

/**
 * Searches the signed-in user's device library (offline), in one space (null: personal). The index is built on
 * the first search and kept until the library or the space changes (a sync, a change made on this device);
 * undefined before the first sync.
 */
export async function searchLibrary(
  userId: string,
  query: SearchQuery,
  space: string | null = null,
): Promise<SearchPage | undefined> {
  const lib = libraryFor(userId);
  const [synced, count, pending] = await Promise.all([
    lib.meta.get("syncedAt"),
    lib.transcriptions.count(),
    lib.pendingChanges.count(),
  ]);
  if (!synced) return undefined;
  const key = `${userId}:${space}:${synced.value}:${count}:${pending}`;
  if (built?.key !== key) {
    const rows = await lib.transcriptions.toArray();
    built = { key, index: new OfflineSearchIndex(rows.filter((t) => (t.workspace_id ?? null) === space)) };
  }
  return built.index.search(query);
}

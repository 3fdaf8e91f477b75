import type { SearchPage, SearchQuery } from "@verbatim/shared/search";
import { libraryFor } from "./library-db";
import { OfflineSearchIndex } from "./search-index";

let built: { key: string; index: OfflineSearchIndex } | null = null;

/**
 * Searches the signed-in user's device library (offline). The index is built on the first search and kept
 * until the library changes (a sync, a change made on this device); undefined before the first sync.
 */
export async function searchLibrary(userId: string, query: SearchQuery): Promise<SearchPage | undefined> {
  const lib = libraryFor(userId);
  const [synced, count, pending] = await Promise.all([
    lib.meta.get("syncedAt"),
    lib.transcriptions.count(),
    lib.pendingChanges.count(),
  ]);
  if (!synced) return undefined;
  const key = `${userId}:${synced.value}:${count}:${pending}`;
  if (built?.key !== key) built = { key, index: new OfflineSearchIndex(await lib.transcriptions.toArray()) };
  return built.index.search(query);
}

import { hashKey, onlineManager, type Query, QueryClient, type QueryKey } from "@tanstack/react-query";
import { type PersistQueryClientOptions, persistQueryClientSave } from "@tanstack/react-query-persist-client";
import { createDexiePersister } from "./query-persister";

/** Persisted data older than this (since the app last saved) is discarded. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Bump when the shape of cached data changes, so old caches are dropped instead of misread. */
export const CACHE_BUSTER = "verbatim-1";

/** Queries whose `meta.persist` is true are kept in IndexedDB for offline use. */
declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: { persist?: boolean };
  }
}

// TanStack Query assumes "online" until an offline event fires; a page loaded offline must know at once,
// so its queries pause (keeping their persisted data) instead of failing.
onlineManager.setOnline(navigator.onLine);

export const queryClient = new QueryClient({
  defaultOptions: {
    // Defaults: no retries, no refetch on focus, no polling, data never stale. Screens that need
    // fresh data (list, detail) opt in per query.
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      // Persisted queries must outlive the persistence window: a query dropped from memory is also
      // dropped from IndexedDB.
      gcTime: CACHE_MAX_AGE_MS,
    },
    mutations: { retry: false },
  },
});

export const persister = createDexiePersister();

export const persistOptions: Omit<PersistQueryClientOptions, "queryClient"> = {
  persister,
  maxAge: CACHE_MAX_AGE_MS,
  buster: CACHE_BUSTER,
  dehydrateOptions: {
    // The last answer of each query that asks for it, also when a later refetch failed (the answer still holds:
    // dropping it here deleted its saved copy, and the next offline start had no session). A null (signed-out)
    // user is not worth keeping. The persister saves it as the answer it is (query-persister.ts).
    shouldDehydrateQuery: (query: Query) => query.meta?.persist === true && query.state.data != null,
  },
};

/**
 * Forgets every cached answer but the query under `keep` (the session's own), in memory and in IndexedDB at
 * once: sign-out, an expired session, or another user signing in.
 */
export async function forgetCachedQueries(keep: QueryKey) {
  const kept = hashKey(keep);
  const others = { predicate: (query: Query) => query.queryHash !== kept };
  await queryClient.cancelQueries(others);
  queryClient.removeQueries(others);
  await persistQueryClientSave({ ...persistOptions, queryClient });
  await persister.flush();
}

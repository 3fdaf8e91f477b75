import type { DehydratedState } from "@tanstack/react-query";
import type { PersistedClient, Persister } from "@tanstack/react-query-persist-client";

type DehydratedQuery = DehydratedState["queries"][number];

/** Set once something was persisted: visitors never load Dexie (it is not in the entry chunk). */
const HAS_CACHE_KEY = "verbatim:has-offline-cache";
/**
 * Updates are coalesced: polling updates queries every few seconds, IndexedDB need not follow each one. A query's
 * first answer is written at once (see persistClient).
 */
const WRITE_DELAY_MS = 1000;

type Db = typeof import("./db")["db"];
let loaded: Db | undefined;
const loadDb = async () => {
  loaded ??= (await import("./db")).db;
  return loaded;
};

/**
 * What is saved of a query: its last answer. A refetch that failed since (offline, the server down) leaves the
 * query in error beside that answer; saved as such, the next start would show the error over a good copy.
 */
function lastAnswer(query: DehydratedQuery): DehydratedQuery {
  if (query.state.status !== "error") return query;
  return {
    ...query,
    state: { ...query.state, status: "success", error: null, fetchFailureCount: 0, fetchFailureReason: null },
  };
}

/**
 * A TanStack Query persister backed by a Dexie table, one row per query. Unlike a single serialised blob,
 * an update rewrites only the queries whose data changed, so a cache holding many opened transcripts stays
 * cheap to save while the list polls.
 */
export function createDexiePersister(): Persister & { flush(): Promise<void> } {
  /** queryHash → dataUpdatedAt of the version already in IndexedDB. */
  const stored = new Map<string, number>();
  /** Every query handed to a write, finished or not: what is no longer a first answer. */
  const handed = new Set<string>();
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(client: PersistedClient) {
    const queries = client.clientState.queries;
    const live = new Set(queries.map((q) => q.queryHash));
    const changed = queries.filter((q) => stored.get(q.queryHash) !== q.state.dataUpdatedAt);
    const removed = [...stored.keys()].filter((hash) => !live.has(hash));
    if (changed.length === 0 && removed.length === 0) return;
    localStorage.setItem(HAS_CACHE_KEY, "1");
    // Once loaded, the database is used without waiting: a write started by "pagehide" must begin before the page goes.
    const db = loaded ?? (await loadDb());
    await db.transaction("rw", db.queries, db.cacheMeta, async () => {
      await db.queries.bulkPut(changed.map((q) => ({ hash: q.queryHash, query: lastAnswer(q) })));
      await db.queries.bulkDelete(removed);
      await db.cacheMeta.put({ key: "client", timestamp: client.timestamp, buster: client.buster });
    });
    for (const q of changed) stored.set(q.queryHash, q.state.dataUpdatedAt);
    for (const hash of removed) {
      stored.delete(hash);
      // Fetched again (the next user of this tab), its answer is a first answer again.
      handed.delete(hash);
    }
  }

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    const client = pending;
    pending = null;
    for (const q of client?.clientState.queries ?? []) handed.add(q.queryHash);
    if (client)
      writing = writing.then(() => write(client)).catch((error) => console.warn("Offline cache write failed", error));
    return writing;
  }

  // A closing tab gets its last changes written.
  addEventListener("pagehide", () => void flush());

  return {
    persistClient(client) {
      pending = client;
      // A query's first answer (the session at sign-in, a transcript opened for the first time) is what an offline
      // start needs, and a tab closed or reloaded within the delay may never finish the write it starts then.
      if (client.clientState.queries.some((q) => !handed.has(q.queryHash))) void flush();
      else timer ??= setTimeout(flush, WRITE_DELAY_MS);
    },
    async restoreClient() {
      if (!localStorage.getItem(HAS_CACHE_KEY)) return undefined;
      const db = await loadDb();
      const [meta, rows] = await Promise.all([db.cacheMeta.get("client"), db.queries.toArray()]);
      if (!meta) return undefined;
      const queries = rows.map((row) => row.query as DehydratedQuery);
      for (const q of queries) {
        stored.set(q.queryHash, q.state.dataUpdatedAt);
        handed.add(q.queryHash);
      }
      return { timestamp: meta.timestamp, buster: meta.buster, clientState: { queries, mutations: [] } };
    },
    async removeClient() {
      clearTimeout(timer);
      timer = undefined;
      pending = null;
      stored.clear();
      handed.clear();
      await writing;
      if (!localStorage.getItem(HAS_CACHE_KEY)) return;
      localStorage.removeItem(HAS_CACHE_KEY);
      const db = await loadDb();
      await db.transaction("rw", db.queries, db.cacheMeta, async () => {
        await db.queries.clear();
        await db.cacheMeta.clear();
      });
    },
    flush,
  };
}

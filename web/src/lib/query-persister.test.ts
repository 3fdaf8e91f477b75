import { QueryClient } from "@tanstack/react-query";
import {
  type PersistedClient,
  persistQueryClientRestore,
  persistQueryClientSave,
} from "@tanstack/react-query-persist-client";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "./db";
import { persistOptions } from "./query-client";
import { createDexiePersister } from "./query-persister";

type Query = PersistedClient["clientState"]["queries"][number];

const query = (key: string, dataUpdatedAt: number, data: unknown = { key }): Query =>
  ({
    queryKey: [key],
    queryHash: JSON.stringify([key]),
    dehydratedAt: dataUpdatedAt,
    state: { data, dataUpdatedAt, status: "success" },
  }) as unknown as Query;
const client = (...queries: Query[]): PersistedClient => ({
  timestamp: 1_000,
  buster: "test",
  clientState: { queries, mutations: [] },
});

beforeEach(async () => {
  localStorage.clear();
  await db.queries.clear();
  await db.cacheMeta.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("the IndexedDB query persister", () => {
  test("a visitor's app never opens IndexedDB: nothing was saved, nothing is restored", async () => {
    expect(await createDexiePersister().restoreClient()).toBeUndefined();
  });

  test("what was saved comes back in a new tab", async () => {
    const saving = createDexiePersister();
    saving.persistClient(client(query("/api/user", 10), query("/api/transcriptions", 20)));
    await saving.flush();
    const restored = await createDexiePersister().restoreClient();
    expect(restored?.buster).toBe("test");
    expect(restored?.clientState.queries.map((q) => q.queryHash).sort()).toEqual([
      '["/api/transcriptions"]',
      '["/api/user"]',
    ]);
  });

  test("a query's first answer is written at once, and its updates are coalesced", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const persister = createDexiePersister();
    const put = vi.spyOn(db.queries, "bulkPut");
    // The session and the list arrive: written without waiting (a tab reloaded now would otherwise lose them).
    persister.persistClient(client(query("a", 1), query("b", 1)));
    await persister.flush();
    expect(put).toHaveBeenCalledTimes(1);

    // The list polls: updates wait for the delay, and only the last of them is written.
    persister.persistClient(client(query("a", 2), query("b", 1)));
    persister.persistClient(client(query("a", 3), query("b", 1)));
    await Promise.resolve();
    expect(put).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    await persister.flush();
    expect(put).toHaveBeenCalledTimes(2);
    expect(put.mock.calls[1]?.[0].map((row) => row.hash)).toEqual(['["a"]']);

    // A new query ("c") is written at once, with the update pending beside it; nothing is written for "b".
    persister.persistClient(client(query("a", 4), query("b", 1), query("c", 1)));
    await persister.flush();
    expect(put.mock.calls[2]?.[0].map((row) => row.hash)).toEqual(['["a"]', '["c"]']);
    const a = await db.queries.get('["a"]');
    expect((a?.query as Query | undefined)?.state.dataUpdatedAt).toBe(4);
  });

  test("a query gone from the cache is deleted from IndexedDB, and its next answer is a first answer again", async () => {
    const persister = createDexiePersister();
    persister.persistClient(client(query("a", 1), query("detail", 1)));
    await persister.flush();
    persister.persistClient(client(query("a", 1)));
    await persister.flush();
    expect(await db.queries.toCollection().primaryKeys()).toEqual(['["a"]']);
    // Fetched again (say, by the next user signed in in this tab): written at once, not after the delay.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    persister.persistClient(client(query("a", 1), query("detail", 2)));
    expect(vi.getTimerCount()).toBe(0);
    await persister.flush();
    expect(await db.queries.toCollection().primaryKeys()).toEqual(['["a"]', '["detail"]']);
  });

  test("a refetch that fails keeps the last answer saved, as an answer: the next start still has the session", async () => {
    const options = { ...persistOptions, persister: createDexiePersister() };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ["/api/user"];
    const user = { id: "u1", username: "ada" };
    await client.fetchQuery({ queryKey: key, queryFn: () => user, meta: { persist: true } });
    await persistQueryClientSave({ ...options, queryClient: client });
    await options.persister.flush();
    // Then the connection fails mid-refetch (navigator.onLine may still say online).
    await client
      .fetchQuery({
        queryKey: key,
        queryFn: () => Promise.reject(new TypeError("Failed to fetch")),
        staleTime: 0,
        meta: { persist: true },
      })
      .catch(() => undefined);
    expect(client.getQueryState(key)?.status).toBe("error");
    await persistQueryClientSave({ ...options, queryClient: client });
    await options.persister.flush();

    const next = new QueryClient();
    await persistQueryClientRestore({ ...options, persister: createDexiePersister(), queryClient: next });
    expect(next.getQueryData(key)).toEqual(user);
    expect(next.getQueryState(key)?.status).toBe("success");
  });

  test("a query first saved after a failed refetch is saved as its last answer", async () => {
    const persister = createDexiePersister();
    const failed = query("/api/user", 5);
    Object.assign(failed.state, { status: "error", error: new Error("offline"), fetchFailureCount: 1 });
    persister.persistClient(client(failed));
    await persister.flush();
    const restored = await createDexiePersister().restoreClient();
    expect(restored?.clientState.queries[0]?.state).toMatchObject({ status: "success", error: null, dataUpdatedAt: 5 });
  });

  test("sign-out removes everything, including a write still waiting", async () => {
    const persister = createDexiePersister();
    persister.persistClient(client(query("a", 1)));
    await persister.flush();
    persister.persistClient(client(query("a", 2), query("private", 2)));
    await persister.removeClient();
    await persister.flush();
    expect(await db.queries.count()).toBe(0);
    expect(await db.cacheMeta.count()).toBe(0);
    expect(await createDexiePersister().restoreClient()).toBeUndefined();
  });
});

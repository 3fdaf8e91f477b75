import type { SyncChange, SyncPage } from "@verbatim/shared/sync";
import type { TranscriptDoc } from "@verbatim/shared/transcript";
import type { Transcription } from "@verbatim/shared/transcription";
import Dexie from "dexie";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ApiError } from "@/lib/api";
import { fakeTranscription } from "../../../e2e/support/fake-answers";
import { deleteAllLibraries, libraryFor } from "./library-db";
import { DeviceFullError, withRoomForText } from "./quota";
import { syncLibrary } from "./sync";

const row = (id: string, patch: Partial<Transcription> = {}): Transcription =>
  fakeTranscription({
    id,
    user_id: "u1",
    file_name: `${id}.mp3`,
    file_path: `u1/${id}.mp3`,
    text: `[00:00] words of ${id}`,
    summary: `summary of ${id}`,
    created_at: `2026-11-0${id.length}T00:00:00.000Z`,
    updated_at: "2026-11-01T00:00:00.000Z",
    ...patch,
  });
const doc = (text: string): TranscriptDoc => ({
  language: "en",
  duration: 11,
  segments: [{ start: 0, end: 2, text, words: [{ word: text, start: 0.5, end: 1 }] }],
  version: 1,
});
const upsert = (t: Transcription, transcript: TranscriptDoc | null = doc(t.id)): SyncChange => ({
  type: "upsert",
  id: t.id,
  transcription: t,
  transcript,
});

/** A server answering from a list of pages, recording the cursors it was asked with. */
function server(pages: Record<string, SyncPage | Error>) {
  const asked: string[] = [];
  const fetch = async (since: string) => {
    asked.push(since);
    const page = pages[since];
    if (!page) throw new Error(`no page after ${since}`);
    if (page instanceof Error) throw page;
    return page;
  };
  return { asked, fetch };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await deleteAllLibraries();
});

describe("device library sync", () => {
  test("the first sync pages through everything; the next asks only after the cursor and applies tombstones", async () => {
    const first = server({
      "0": { changes: [upsert(row("a")), upsert(row("bb"), null)], cursor: "2", hasMore: true },
      "2": { changes: [upsert(row("ccc"))], cursor: "3", hasMore: false },
    });
    expect((await syncLibrary("u1", first.fetch)).pulled).toBe(3);
    expect(first.asked).toEqual(["0", "2"]);
    const lib = libraryFor("u1");
    expect((await lib.transcriptions.toArray()).map((t) => t.id).sort()).toEqual(["a", "bb", "ccc"]);
    expect((await lib.transcripts.get("a"))?.doc.segments[0]?.words?.[0]).toEqual({ word: "a", start: 0.5, end: 1 });
    expect(await lib.transcripts.get("bb")).toBeUndefined();

    const next = server({
      "3": {
        changes: [{ type: "delete", id: "a" }, upsert(row("bb", { name: "Renamed" }))],
        cursor: "5",
        hasMore: false,
      },
    });
    expect((await syncLibrary("u1", next.fetch)).pulled).toBe(2);
    expect(next.asked).toEqual(["3"]);
    expect(await lib.transcriptions.get("a")).toBeUndefined();
    expect(await lib.transcripts.get("a")).toBeUndefined();
    expect((await lib.transcriptions.get("bb"))?.name).toBe("Renamed");
    expect(await lib.transcripts.get("bb")).toMatchObject({ doc: { segments: [{ text: "bb" }] } });
  });

  test("a page that fails leaves the cursor after the last page applied, so no change is lost or applied twice", async () => {
    const broken = server({
      "0": { changes: [upsert(row("a"))], cursor: "1", hasMore: true },
      "1": new TypeError("Failed to fetch"),
    });
    await expect(syncLibrary("u1", broken.fetch)).rejects.toThrow("Failed to fetch");
    const lib = libraryFor("u1");
    expect(await lib.meta.get("cursor")).toEqual({ key: "cursor", value: "1" });

    const healed = server({ "1": { changes: [upsert(row("bb"))], cursor: "2", hasMore: false } });
    expect((await syncLibrary("u1", healed.fetch)).pulled).toBe(1);
    expect(healed.asked).toEqual(["1"]);
    expect(await lib.transcriptions.count()).toBe(2);
  });

  test("two syncs asked at once make one pass", async () => {
    const once = server({ "0": { changes: [upsert(row("a"))], cursor: "1", hasMore: false } });
    await Promise.all([syncLibrary("u1", once.fetch), syncLibrary("u1", once.fetch)]);
    expect(once.asked).toEqual(["0"]);
  });

  test("a rename or delete made offline and not yet sent stays what the user sees", async () => {
    // Still offline: sending the changes fails, so they wait.
    vi.stubGlobal("fetch", async () => Promise.reject(new TypeError("Failed to fetch")));
    const lib = libraryFor("u1");
    await lib.pendingChanges.bulkAdd([
      { transcriptionId: "a", kind: "rename", name: "Mine", baseUpdatedAt: "x", createdAt: 1 },
      { transcriptionId: "bb", kind: "delete", baseUpdatedAt: "x", createdAt: 2 },
    ]);
    const pages = server({
      "0": { changes: [upsert(row("a", { name: "Theirs" })), upsert(row("bb"))], cursor: "2", hasMore: false },
    });
    await syncLibrary("u1", pages.fetch);
    expect((await lib.transcriptions.get("a"))?.name).toBe("Mine");
    expect(await lib.transcriptions.get("bb")).toBeUndefined();
  });

  test("each user has a library of their own, and logout deletes them all", async () => {
    await syncLibrary("u1", server({ "0": { changes: [upsert(row("a"))], cursor: "1", hasMore: false } }).fetch);
    expect(await libraryFor("u2").transcriptions.count()).toBe(0);
    await syncLibrary("u1", server({ "1": { changes: [], cursor: "1", hasMore: false } }).fetch);
    expect(await libraryFor("u1").transcriptions.count()).toBe(1);

    vi.stubGlobal("caches", { delete: vi.fn(async () => true) });
    await deleteAllLibraries();
    expect((await Dexie.getDatabaseNames()).filter((name) => name.startsWith("verbatim-library-"))).toEqual([]);
  });
});

/** A server answering per space ("personal" or a workspace id) from its pages, recording what it was asked. */
function spacesServer(pages: Record<string, Record<string, SyncPage | Error>>) {
  const asked: string[] = [];
  const fetch = async (since: string, space: string | null) => {
    const name = space ?? "personal";
    asked.push(`${name}@${since}`);
    const page = pages[name]?.[since];
    if (!page) throw new Error(`no page of ${name} after ${since}`);
    if (page instanceof Error) throw page;
    return page;
  };
  return { asked, fetch };
}
const end = (changes: SyncChange[], cursor: string): SyncPage => ({ changes, cursor, hasMore: false });
const ids = async () => (await libraryFor("u1").transcriptions.toArray()).map((t) => t.id).sort();

describe("team spaces", () => {
  test("each space is synced with a cursor of its own; the personal one keeps its old key", async () => {
    const first = spacesServer({
      personal: { "0": end([upsert(row("a"))], "1") },
      w1: { "0": end([upsert(row("t1", { workspace_id: "w1" }))], "7") },
    });
    expect((await syncLibrary("u1", first.fetch, ["w1"])).pulled).toBe(2);
    expect(first.asked).toEqual(["personal@0", "w1@0"]);
    const lib = libraryFor("u1");
    expect(await lib.meta.get("cursor")).toEqual({ key: "cursor", value: "1" });
    expect(await lib.meta.get("cursor:w1")).toEqual({ key: "cursor:w1", value: "7" });

    const next = spacesServer({ personal: { "1": end([], "1") }, w1: { "7": end([], "7") } });
    await syncLibrary("u1", next.fetch, ["w1"]);
    expect(next.asked).toEqual(["personal@1", "w1@7"]);
  });

  test("copies of a space no longer in the workspaces list leave the device, with its cursor", async () => {
    const lib = libraryFor("u1");
    await syncLibrary(
      "u1",
      spacesServer({
        personal: { "0": end([upsert(row("a"))], "1") },
        w1: { "0": end([upsert(row("t1", { workspace_id: "w1" }))], "1") },
        w2: { "0": end([upsert(row("t2", { workspace_id: "w2" }))], "1") },
      }).fetch,
      ["w1", "w2"],
    );
    await lib.offlineMedia.add({ id: "t2", url: "https://app/api/transcriptions/t2/media", size: 5, keptAt: 1 });
    const cache = { delete: vi.fn(async () => true) };
    vi.stubGlobal("caches", { open: async () => cache, delete: async () => true });

    // Removed from w2: the list no longer has it.
    await syncLibrary("u1", spacesServer({ personal: { "1": end([], "1") }, w1: { "1": end([], "1") } }).fetch, ["w1"]);
    expect(await ids()).toEqual(["a", "t1"]);
    expect(await lib.transcripts.get("t2")).toBeUndefined();
    expect(await lib.meta.get("cursor:w2")).toBeUndefined();
    expect(cache.delete.mock.calls).toEqual([["https://app/api/transcriptions/t2/media"]]);
  });

  test("a space whose sync answers 404 is dropped too; the others still sync", async () => {
    await syncLibrary(
      "u1",
      spacesServer({
        personal: { "0": end([], "0") },
        w1: { "0": end([upsert(row("t1", { workspace_id: "w1" }))], "1") },
        w2: { "0": end([upsert(row("t2", { workspace_id: "w2" }))], "1") },
      }).fetch,
      ["w1", "w2"],
    );
    const removed = spacesServer({
      personal: { "0": end([], "0") },
      w1: { "1": new ApiError(404, '{"message":"Not found"}', "Not Found") },
      w2: { "1": end([upsert(row("t3", { workspace_id: "w2" }))], "2") },
    });
    expect((await syncLibrary("u1", removed.fetch, ["w1", "w2"])).gone).toEqual(["w1"]);
    expect(await ids()).toEqual(["t2", "t3"]);
    expect(await libraryFor("u1").meta.get("cursor:w1")).toBeUndefined();
  });

  test("without the workspaces list only the personal space syncs, and nothing is dropped", async () => {
    await syncLibrary(
      "u1",
      spacesServer({
        personal: { "0": end([], "0") },
        w1: { "0": end([upsert(row("t1", { workspace_id: "w1" }))], "1") },
      }).fetch,
      ["w1"],
    );
    const offline = spacesServer({ personal: { "0": end([], "0") } });
    await syncLibrary("u1", offline.fetch, null);
    expect(offline.asked).toEqual(["personal@0"]);
    expect(await ids()).toEqual(["t1"]);
  });

  test("a move's tombstone in the space it left keeps the copy the other space brought", async () => {
    await syncLibrary("u1", spacesServer({ personal: { "0": end([upsert(row("a"))], "1") } }).fetch, []);
    // Moved from personal into w1: personal's tombstone is applied first, then w1's feed brings the copy back.
    const moved = spacesServer({
      personal: { "1": end([{ type: "delete", id: "a" }], "2") },
      w1: { "0": end([upsert(row("a", { workspace_id: "w1" }))], "1") },
    });
    await syncLibrary("u1", moved.fetch, ["w1"]);
    expect((await libraryFor("u1").transcriptions.get("a"))?.workspace_id).toBe("w1");

    // The same move seen the other way round: the copy is already in w1 when personal's tombstone arrives.
    const again = spacesServer({
      personal: { "2": end([{ type: "delete", id: "a" }], "3") },
      w1: { "1": end([], "1") },
    });
    await syncLibrary("u1", again.fetch, ["w1"]);
    expect(await libraryFor("u1").transcriptions.get("a")).toBeDefined();
  });
});

describe("recordings kept offline", () => {
  test("a deleted transcription's recording leaves the device with it; the others stay", async () => {
    const lib = libraryFor("u1");
    await syncLibrary(
      "u1",
      server({ "0": { changes: [upsert(row("a")), upsert(row("bb"))], cursor: "2", hasMore: false } }).fetch,
    );
    await lib.offlineMedia.bulkAdd([
      { id: "a", url: "https://app/api/transcriptions/a/media", size: 5, keptAt: 1 },
      { id: "bb", url: "https://app/api/transcriptions/bb/media", size: 5, keptAt: 2 },
    ]);
    const cache = { delete: vi.fn(async () => true) };
    vi.stubGlobal("caches", { open: async () => cache, delete: async () => true });
    await syncLibrary(
      "u1",
      server({ "2": { changes: [{ type: "delete", id: "a" }], cursor: "3", hasMore: false } }).fetch,
    );
    expect(cache.delete.mock.calls).toEqual([["https://app/api/transcriptions/a/media"]]);
    expect((await lib.offlineMedia.toArray()).map((m) => m.id)).toEqual(["bb"]);
  });
});

describe("a full device", () => {
  const quotaError = () => Object.assign(new Error("full"), { name: "QuotaExceededError" });

  test("frees recordings kept offline, oldest first, until the text fits; never the text", async () => {
    const lib = libraryFor("u1");
    await lib.offlineMedia.bulkAdd([
      { id: "new", url: "/api/transcriptions/new/media", size: 5, keptAt: 2 },
      { id: "old", url: "/api/transcriptions/old/media", size: 5, keptAt: 1 },
    ]);
    const cache = { delete: vi.fn(async () => true) };
    vi.stubGlobal("caches", { open: async () => cache, delete: async () => true });
    let attempts = 0;
    const write = async () => {
      attempts++;
      if (attempts === 1) throw quotaError();
      return "written";
    };
    expect(await withRoomForText(lib, write)).toBe("written");
    expect(cache.delete).toHaveBeenCalledWith("/api/transcriptions/old/media");
    expect((await lib.offlineMedia.toArray()).map((m) => m.id)).toEqual(["new"]);
  });

  test("says so clearly when nothing is left to free", async () => {
    const lib = libraryFor("u1");
    await expect(withRoomForText(lib, async () => Promise.reject(quotaError()))).rejects.toBeInstanceOf(
      DeviceFullError,
    );
  });
});

import type { Transcription } from "@verbatim/shared/transcription";
import { afterEach, describe, expect, test, vi } from "vitest";
import { deleteAllLibraries, libraryFor } from "./library-db";
import { queueChange, type SentChange, sendPendingChanges } from "./pending-changes";

const row = (id: string, updated_at: string) =>
  ({ id, name: null, file_name: `${id}.mp3`, created_at: updated_at, updated_at }) as Transcription;

afterEach(async () => {
  vi.stubGlobal("caches", { delete: async () => true });
  await deleteAllLibraries();
  vi.unstubAllGlobals();
});

describe("changes made offline", () => {
  test("apply to the device library at once, made on the version the user saw", async () => {
    const lib = libraryFor("u1");
    await lib.transcriptions.bulkPut([row("a", "v1"), row("b", "v7")]);
    await queueChange("u1", { transcriptionId: "a", kind: "rename", name: "Mine" }, "ignored");
    await queueChange("u1", { transcriptionId: "b", kind: "delete" }, "ignored");
    expect((await lib.transcriptions.get("a"))?.name).toBe("Mine");
    expect(await lib.transcriptions.get("b")).toBeUndefined();
    expect((await lib.pendingChanges.toArray()).map((c) => [c.transcriptionId, c.kind, c.baseUpdatedAt])).toEqual([
      ["a", "rename", "v1"],
      ["b", "delete", "v7"],
    ]);
  });

  test("are sent in order; one that cannot be sent now keeps itself and every later one for next time", async () => {
    const lib = libraryFor("u1");
    await lib.transcriptions.bulkPut([row("a", "v1"), row("b", "v1"), row("c", "v1")]);
    await queueChange("u1", { transcriptionId: "a", kind: "rename", name: "First" }, "");
    await queueChange("u1", { transcriptionId: "b", kind: "rename", name: "Second" }, "");
    await queueChange("u1", { transcriptionId: "c", kind: "delete" }, "");
    const order: string[] = [];
    let online = false;
    const sender = async (change: { transcriptionId: string }) => {
      order.push(change.transcriptionId);
      if (change.transcriptionId === "b" && !online) throw new TypeError("Failed to fetch");
      return { outcome: change.transcriptionId === "b" ? ("conflict" as const) : ("applied" as const) };
    };
    const first = await sendPendingChanges("u1", sender);
    expect(first.map((c: SentChange) => c.transcriptionId)).toEqual(["a"]);
    expect(await lib.pendingChanges.count()).toBe(2);

    online = true;
    const second = await sendPendingChanges("u1", sender);
    expect(second.map((c) => [c.transcriptionId, c.outcome])).toEqual([
      ["b", "conflict"],
      ["c", "applied"],
    ]);
    expect(order).toEqual(["a", "b", "b", "c"]);
    expect(await lib.pendingChanges.count()).toBe(0);
  });
});

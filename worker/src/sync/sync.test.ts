import { env } from "cloudflare:test";
import { type SyncPage, syncPageSchema, transcriptionSchema } from "@verbatim/shared";
import { says } from "@verbatim/testing/stable-words";
import { describe, expect, it } from "vitest";
import { api, errorMessage, readJson, signUp } from "../../test/http";
import { db, seedTranscription } from "../../test/library";
import { testFile, upload, waitUntilDone } from "../../test/transcriptions";
import { reindexTranscription } from "../store/search-index";
import { raiseProgress, updateTranscription } from "../store/transcriptions";

async function sync(cookie: string, since?: string, limit?: number) {
  const params = new URLSearchParams();
  if (since !== undefined) params.set("since", since);
  if (limit !== undefined) params.set("limit", String(limit));
  const res = await api(`/api/sync?${params}`, { cookie });
  if (res.status !== 200) throw new Error(`sync: ${res.status} ${await res.text()}`);
  return readJson(res, syncPageSchema);
}
/** Every page from `since` on, as a client does; a page that claims more must bring some. */
async function syncAll(cookie: string, since?: string, limit?: number) {
  const pages: SyncPage[] = [];
  let cursor = since;
  for (let i = 0; i < 100; i++) {
    const page = await sync(cookie, cursor, limit);
    pages.push(page);
    cursor = page.cursor;
    if (!page.hasMore) return { changes: pages.flatMap((p) => p.changes), cursor: page.cursor, pages };
    expect(page.changes.length).toBeGreaterThan(0);
  }
  throw new Error("sync never ended");
}
const summary = (changes: SyncPage["changes"]) =>
  changes.map((c) => (c.type === "delete" ? `delete ${c.id}` : `upsert ${c.id} ${c.transcription.name ?? ""}`.trim()));
const rename = (cookie: string, id: string, name: string) =>
  api(`/api/transcriptions/${id}/rename`, { method: "PATCH", cookie, json: { name } });

describe("GET /api/sync", () => {
  it("answers everything first, then only what changed, each change once, deletions as tombstones", async () => {
    const { user, cookie } = await signUp();
    const a = await seedTranscription(user.id, { name: "A", text: "[00:01] Alpha." });
    const b = await seedTranscription(user.id, { name: "B" });
    const first = await syncAll(cookie);
    expect(summary(first.changes)).toEqual([`upsert ${a} A`, `upsert ${b} B`]);
    const upsertA = first.changes[0];
    expect(upsertA?.type === "upsert" && upsertA.transcription).toMatchObject({
      text: "[00:01] Alpha.",
      status: "COMPLETED",
    });

    const unchanged = await sync(cookie, first.cursor);
    expect(unchanged).toEqual({ changes: [], cursor: first.cursor, hasMore: false });

    expect((await rename(cookie, a, "A2")).status).toBe(200);
    expect((await rename(cookie, a, "A3")).status).toBe(200);
    const c = await seedTranscription(user.id, { name: "C" });
    expect((await api(`/api/transcriptions/${b}`, { method: "DELETE", cookie })).status).toBe(200);
    const next = await syncAll(cookie, first.cursor);
    expect(summary(next.changes)).toEqual([`upsert ${a} A3`, `upsert ${c} C`, `delete ${b}`]);
    expect(Number(next.cursor)).toBeGreaterThan(Number(first.cursor));

    expect((await sync(cookie, next.cursor)).changes).toEqual([]);
    // A device that never synced gets the tombstones too: it has nothing to delete, and the log keeps no more.
    expect(summary((await syncAll(cookie)).changes)).toEqual([`upsert ${a} A3`, `upsert ${c} C`, `delete ${b}`]);
  });

  it("moves nothing for a lease renewal, but does for progress a user sees", async () => {
    const { user, cookie } = await signUp();
    const id = await seedTranscription(user.id);
    const { cursor } = await syncAll(cookie);
    await updateTranscription(db(), id, { leaseUntil: Date.now() + 60_000, attempts: 2 });
    expect((await sync(cookie, cursor)).changes).toEqual([]);
    await raiseProgress(db(), id, 40);
    const [change] = (await sync(cookie, cursor)).changes;
    expect(change?.type === "upsert" && change.transcription.progress_percentage).toBe(40);
  });

  it("pages by the limit, and a change made between pages comes once, after the others", async () => {
    const { user, cookie } = await signUp();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push(await seedTranscription(user.id, { name: `T${i}` }));
    const page1 = await sync(cookie, undefined, 2);
    expect(page1.changes.map((ch) => ch.id)).toEqual(made.slice(0, 2));
    expect(page1.hasMore).toBe(true);
    // Renamed while the client is between pages: the first of the unread ones, and one already read.
    expect((await rename(cookie, made[2] ?? "", "T2 renamed")).status).toBe(200);
    expect((await rename(cookie, made[0] ?? "", "T0 renamed")).status).toBe(200);
    const rest = await syncAll(cookie, page1.cursor, 2);
    expect(rest.pages.map((p) => p.changes.length)).toEqual([2, 2]);
    expect(summary(rest.changes)).toEqual([
      `upsert ${made[3]} T3`,
      `upsert ${made[4]} T4`,
      `upsert ${made[2]} T2 renamed`,
      `upsert ${made[0]} T0 renamed`,
    ]);
  });

  it("sends the new transcript again when a sync came between the row's update and the transcript's", async () => {
    const { user, cookie } = await signUp();
    const id = await seedTranscription(user.id, { text: "[00:01] Old words." });
    const key = `users/${user.id}/transcriptions/${id}/transcript.json`;
    const doc = (text: string) => ({ language: "en", duration: 2, segments: [{ start: 1, end: 2, text }] });
    await env.MEDIA.put(key, JSON.stringify(doc("Old words.")));
    const { cursor } = await syncAll(cookie);

    // A save updates D1 first; a device syncs before the transcript reaches R2.
    await updateTranscription(db(), id, { text: "[00:01] New words.", transcriptVersion: 2 });
    const between = await syncAll(cookie, cursor);
    const [stale] = between.changes;
    expect(stale?.type === "upsert" && stale.transcript?.segments[0]?.text).toBe("Old words.");
    await env.MEDIA.put(key, JSON.stringify(doc("New words.")));
    await reindexTranscription(db(), id);

    const [fresh] = (await syncAll(cookie, between.cursor)).changes;
    expect(fresh?.type === "upsert" && fresh.transcript?.segments[0]?.text).toBe("New words.");
  });

  it("answers only the caller's changes", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const hers = await seedTranscription(alice.user.id, { name: "hers" });
    const his = await seedTranscription(bob.user.id, { name: "his" });
    expect((await api(`/api/transcriptions/${his}`, { method: "DELETE", cookie: bob.cookie })).status).toBe(200);
    expect((await syncAll(alice.cookie)).changes.map((ch) => ch.id)).toEqual([hers]);
    expect(summary((await syncAll(bob.cookie)).changes)).toEqual([`delete ${his}`]);
    expect((await api("/api/sync")).status).toBe(401);
  });

  it("forgets a deleted account's log, tombstones included", async () => {
    const { user, cookie } = await signUp();
    const kept = await seedTranscription(user.id);
    const gone = await seedTranscription(user.id);
    expect((await api(`/api/transcriptions/${gone}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await api("/api/user", { method: "DELETE", cookie, json: { confirm: user.username } })).status).toBe(200);
    const left = await env.DB.prepare(
      "SELECT count(*) AS n FROM sync_changes WHERE user_id = ? OR transcription_id IN (?, ?)",
    )
      .bind(user.id, kept, gone)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("refuses a cursor it never gave and a bad limit", async () => {
    const { cookie } = await signUp();
    for (const [query, message] of [
      ["since=abc", "since must be a cursor from an earlier sync"],
      ["since=-1", "since must be a cursor from an earlier sync"],
      ["since=01", "since must be a cursor from an earlier sync"],
      ["limit=0", "Too small: expected number to be >=1"],
      ["limit=201", "Too big: expected number to be <=200"],
    ] as const) {
      const res = await api(`/api/sync?${query}`, { cookie });
      expect(res.status, query).toBe(400);
      expect(await errorMessage(res), query).toBe(message);
    }
  });

  it("carries a finished recording's timed transcript", async () => {
    const { cookie } = await signUp();
    const { id } = await readJson(
      await upload(cookie, await testFile("jfk.mp3"), "jfk.mp3", "audio/mpeg"),
      transcriptionSchema,
    );
    const pending = await syncAll(cookie);
    const [created] = pending.changes;
    expect(created?.type === "upsert" && created.transcript).toBeNull();
    await waitUntilDone(cookie, id);
    const done = await syncAll(cookie, pending.cursor);
    expect(done.changes).toHaveLength(1);
    const [change] = done.changes;
    if (change?.type !== "upsert") throw new Error("expected the finished transcription");
    expect(change.transcription.status).toBe("COMPLETED");
    expect(change.transcript?.segments.flatMap((s) => s.words ?? []).length).toBeGreaterThan(15);
    expect(says(change.transcript?.segments.map((s) => s.text).join(" "))).toBe(true);
  });
});

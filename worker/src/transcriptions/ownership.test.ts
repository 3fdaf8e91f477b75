import { env } from "cloudflare:test";
import { apiErrorSchema, transcriptionSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { testFile, upload, waitUntilDone } from "../../test/transcriptions";

describe("a user's transcriptions", () => {
  it("are listed newest first, renamed, and deleted with their media", async () => {
    const { cookie, user } = await signUp();
    const bytes = await testFile("jfk.mp3");
    // curl and some browsers send no useful type; the extension decides then.
    const first = await readJson(
      await upload(cookie, bytes, "first.mp3", "application/octet-stream"),
      transcriptionSchema,
    );
    expect(first.file_type).toBe("audio/mpeg");
    const second = await readJson(await upload(cookie, bytes, "second.mp3", "audio/mpeg"), transcriptionSchema);
    const list = await readJson(await api("/api/transcriptions", { cookie }), transcriptionSchema.array());
    expect(list.map((t) => t.id)).toEqual([second.id, first.id]);

    const blank = await api(`/api/transcriptions/${first.id}/rename`, {
      method: "PATCH",
      cookie,
      json: { name: "   " },
    });
    expect(blank.status).toBe(400);
    expect((await readJson(blank, apiErrorSchema)).message).toBe("Name is required");
    const renamed = await api(`/api/transcriptions/${first.id}/rename`, {
      method: "PATCH",
      cookie,
      json: { name: "Q3 planning" },
    });
    expect(renamed.status).toBe(200);
    expect((await readJson(renamed, transcriptionSchema)).name).toBe("Q3 planning");

    await waitUntilDone(cookie, first.id);
    await waitUntilDone(cookie, second.id);
    const prefix = `users/${user.id}/transcriptions/${first.id}/`;
    expect((await env.MEDIA.list({ prefix })).objects.length).toBeGreaterThanOrEqual(3); // media, result, transcript
    const del = await api(`/api/transcriptions/${first.id}`, { method: "DELETE", cookie });
    expect(del.status).toBe(200);
    expect((await api(`/api/transcriptions/${first.id}`, { cookie })).status).toBe(404);
    expect((await env.MEDIA.list({ prefix })).objects).toEqual([]);
    const after = await readJson(await api("/api/transcriptions", { cookie }), transcriptionSchema.array());
    expect(after.map((t) => t.id)).toEqual([second.id]);
  });

  it("are invisible to another user: every route answers 404, as for a missing one", async () => {
    const owner = await signUp();
    const intruder = await signUp();
    const { id } = await readJson(
      await upload(owner.cookie, await testFile("jfk.mp3"), "secret.mp3", "audio/mpeg"),
      transcriptionSchema,
    );
    await waitUntilDone(owner.cookie, id);
    const missing = crypto.randomUUID();
    const attempts: [string, RequestInit & { json?: unknown }][] = [
      [`/api/transcriptions/${id}`, {}],
      [`/api/transcriptions/${id}/rename`, { method: "PATCH", json: { name: "mine now" } }],
      [`/api/transcriptions/${id}/trace`, {}],
      [`/api/transcriptions/${id}/reprocess`, { method: "POST" }],
      [`/api/transcriptions/${id}/media`, {}],
      [`/api/transcriptions/${id}/segments`, {}],
      [`/api/transcriptions/${id}`, { method: "DELETE" }],
    ];
    for (const [path, init] of attempts) {
      const theirs = await api(path, { ...init, cookie: intruder.cookie });
      const none = await api(path.replace(id, missing), { ...init, cookie: intruder.cookie });
      expect([path, theirs.status]).toEqual([path, 404]);
      expect(await theirs.json()).toEqual(await none.json());
    }
    expect(
      await readJson(await api("/api/transcriptions", { cookie: intruder.cookie }), transcriptionSchema.array()),
    ).toEqual([]);
    const still = await readJson(await api(`/api/transcriptions/${id}`, { cookie: owner.cookie }), transcriptionSchema);
    expect(still).toMatchObject({ name: null, status: "COMPLETED" });
  });
});

import { transcriptionSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, errorMessage, readJson, signUp } from "../../test/http";
import { seedTranscription } from "../../test/library";

// A rename or delete made on a device while offline is sent with If-Match: the version the user saw. A change
// made elsewhere meanwhile wins; the offline one is refused with 412 instead of overwriting it.

const get = (cookie: string, id: string) => api(`/api/transcriptions/${id}`, { cookie });
const rename = (cookie: string, id: string, name: string, ifMatch?: string) =>
  api(`/api/transcriptions/${id}/rename`, {
    method: "PATCH",
    cookie,
    json: { name },
    headers: ifMatch ? { "If-Match": ifMatch } : {},
  });
const remove = (cookie: string, id: string, ifMatch?: string) =>
  api(`/api/transcriptions/${id}`, { method: "DELETE", cookie, headers: ifMatch ? { "If-Match": ifMatch } : {} });

describe("If-Match on rename and delete", () => {
  it("applies a change made on the current version, and refuses one made on an older version with 412", async () => {
    const { user, cookie } = await signUp();
    const id = await seedTranscription(user.id, { name: "Standup", text: "[00:00] Hello." });
    const seen = await get(cookie, id);
    const etag = seen.headers.get("ETag") ?? "";
    expect(etag).toBe(`"${(await readJson(seen, transcriptionSchema)).updated_at}"`);

    // Elsewhere, someone renames it first…
    const elsewhere = await rename(cookie, id, "Weekly standup");
    expect(elsewhere.status).toBe(200);
    // …so the offline rename, made on the version seen before, is refused and changes nothing.
    const stale = await rename(cookie, id, "Mine", etag);
    expect([stale.status, await errorMessage(stale)]).toEqual([
      412,
      "This transcription was changed elsewhere since you last saw it",
    ]);
    const staleDelete = await remove(cookie, id, etag);
    expect(staleDelete.status).toBe(412);
    const now = await readJson(await get(cookie, id), transcriptionSchema);
    expect(now.name).toBe("Weekly standup");

    // On the current version both go through; the rename answers the new version's tag.
    const current = elsewhere.headers.get("ETag") ?? "";
    const renamed = await rename(cookie, id, "Mine", current);
    expect(renamed.status).toBe(200);
    expect((await readJson(renamed, transcriptionSchema)).name).toBe("Mine");
    const deleted = await remove(cookie, id, renamed.headers.get("ETag") ?? "");
    expect(deleted.status).toBe(200);
    expect((await get(cookie, id)).status).toBe(404);
  });

  it("without If-Match, or with *, changes as before; another user's transcription is 404 whatever the tag", async () => {
    const { user, cookie } = await signUp();
    const id = await seedTranscription(user.id, { name: "A" });
    expect((await rename(cookie, id, "B")).status).toBe(200);
    expect((await rename(cookie, id, "C", "*")).status).toBe(200);
    const other = await signUp();
    const etag = (await get(cookie, id)).headers.get("ETag") ?? "";
    expect((await rename(other.cookie, id, "Theirs", etag)).status).toBe(404);
    expect((await remove(other.cookie, id, etag)).status).toBe(404);
    expect((await remove(cookie, id)).status).toBe(200);
  });
});

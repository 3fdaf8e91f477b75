import { env } from "cloudflare:test";
import { apiErrorSchema } from "@verbatim/shared";
import { createdShareLinkSchema, sharedTranscriptSchema, shareLinkListSchema } from "@verbatim/shared/share-links";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { seedTranscription, testFile } from "../../test/transcriptions";
import { createDb } from "../db/client";
import { shareLinks, transcriptions } from "../db/schema";

const SEGMENTS = [
  { start: 0, end: 2.5, text: "We start the pilot on the ninth of March.", speaker: "SPEAKER_00" },
  { start: 2.5, end: 5, text: "Then the budget is twelve thousand euros.", speaker: "SPEAKER_01" },
];

/** A finished transcription with a recording, a summary and key points, owned by a new user. */
async function sharedMeeting() {
  const owner = await signUp();
  const id = await seedTranscription(owner.user.id, "Pilot kickoff", SEGMENTS);
  const db = createDb(env.DB);
  const row = await db.query.transcriptions.findFirst({ where: eq(transcriptions.id, id) });
  await env.MEDIA.put(row?.filePath ?? "", await testFile("jfk.mp3"));
  await db
    .update(transcriptions)
    .set({ summary: "The pilot starts on 9 March.", keyPoints: JSON.stringify(["Pilot on 9 March"]) })
    .where(eq(transcriptions.id, id));
  return { owner, id };
}

async function makeLink(cookie: string, id: string, options: Record<string, unknown> = {}) {
  const res = await api(`/api/transcriptions/${id}/share-links`, { method: "POST", cookie, json: options });
  expect(res.status).toBe(201);
  return readJson(res, createdShareLinkSchema);
}

const tokenOf = (path: string) => path.replace(/^\/s\//, "");

describe("share links", () => {
  it("show one transcription to a signed-out browser, with only what the owner chose, and count views", async () => {
    const { owner, id } = await sharedMeeting();
    const { link, path } = await makeLink(owner.cookie, id, { includeSummary: false, expiresInDays: 7 });
    expect(path).toMatch(/^\/s\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(link.expiresAt ?? "") - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    // Only the token's hash is kept.
    const stored = await createDb(env.DB).query.shareLinks.findFirst({ where: eq(shareLinks.id, link.id) });
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(tokenOf(path));

    const res = await api(`/api/shared/${tokenOf(path)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await res.json();
    // Nothing of the owner's beyond the page: no account, path, status or other transcription.
    expect(Object.keys(body as object).sort()).toEqual(
      ["createdAt", "duration", "keyPoints", "language", "media", "summary", "title", "transcript"].sort(),
    );
    const view = sharedTranscriptSchema.parse(body);
    expect(view).toMatchObject({ title: "Pilot kickoff", media: "audio", summary: null, keyPoints: null });
    expect(view.transcript?.segments.map((s) => s.text)).toEqual(SEGMENTS.map((s) => s.text));

    const media = await api(`/api/shared/${tokenOf(path)}/media`, { headers: { Range: "bytes=0-99" } });
    expect(media.status).toBe(206);
    expect(media.headers.get("Cache-Control")).toBe("private, no-store");
    expect(media.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(media.headers.get("Content-Type")).toBe("audio/mpeg");
    expect((await media.arrayBuffer()).byteLength).toBe(100);

    const withSummary = await makeLink(owner.cookie, id, { includeRecording: false });
    const second = sharedTranscriptSchema.parse(await (await api(`/api/shared/${tokenOf(withSummary.path)}`)).json());
    expect(second).toMatchObject({
      media: null,
      summary: "The pilot starts on 9 March.",
      keyPoints: ["Pilot on 9 March"],
    });
    expect((await api(`/api/shared/${tokenOf(withSummary.path)}/media`)).status).toBe(404);

    const list = await readJson(
      await api(`/api/transcriptions/${id}/share-links`, { cookie: owner.cookie }),
      shareLinkListSchema,
    );
    expect(list.links.map((l) => [l.id, l.viewCount])).toEqual([
      [withSummary.link.id, 1],
      [link.id, 1],
    ]);
    expect(list.links[1]?.lastViewedAt).not.toBeNull();
  });

  it("stop at once when revoked, when expired, and with their transcription", async () => {
    const { owner, id } = await sharedMeeting();
    const revoked = await makeLink(owner.cookie, id);
    const del = await api(`/api/transcriptions/${id}/share-links/${revoked.link.id}`, {
      method: "DELETE",
      cookie: owner.cookie,
    });
    expect(del.status).toBe(200);
    expect((await api(`/api/shared/${tokenOf(revoked.path)}`)).status).toBe(404);
    expect((await api(`/api/shared/${tokenOf(revoked.path)}/media`)).status).toBe(404);
    const again = await api(`/api/transcriptions/${id}/share-links/${revoked.link.id}`, {
      method: "DELETE",
      cookie: owner.cookie,
    });
    expect(again.status).toBe(404);

    const expired = await makeLink(owner.cookie, id, { expiresInDays: 1 });
    await createDb(env.DB)
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(shareLinks.id, expired.link.id));
    const gone = await api(`/api/shared/${tokenOf(expired.path)}`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await readJson(gone, apiErrorSchema)).message).toBe("This link does not exist, was revoked or has expired");

    const kept = await makeLink(owner.cookie, id);
    expect((await api(`/api/shared/${tokenOf(kept.path)}`)).status).toBe(200);
    expect((await api(`/api/transcriptions/${id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    expect((await api(`/api/shared/${tokenOf(kept.path)}`)).status).toBe(404);
  });

  it("are made, listed and revoked only by the transcription's owner, with clear answers to bad input", async () => {
    const { owner, id } = await sharedMeeting();
    const intruder = await signUp();
    const { link } = await makeLink(owner.cookie, id);
    const base = `/api/transcriptions/${id}/share-links`;
    expect((await api(base, { cookie: intruder.cookie })).status).toBe(404);
    expect((await api(base, { method: "POST", cookie: intruder.cookie, json: {} })).status).toBe(404);
    expect((await api(`${base}/${link.id}`, { method: "DELETE", cookie: intruder.cookie })).status).toBe(404);
    expect((await api(base)).status).toBe(401);

    const badLife = await api(base, { method: "POST", cookie: owner.cookie, json: { expiresInDays: 3 } });
    expect(badLife.status).toBe(400);
    const badFlag = await api(base, { method: "POST", cookie: owner.cookie, json: { includeRecording: "yes" } });
    expect(badFlag.status).toBe(400);

    for (const token of ["nope", "x".repeat(43), "y".repeat(5000)]) {
      expect((await api(`/api/shared/${token}`)).status).toBe(404);
    }
    const list = await readJson(await api(base, { cookie: owner.cookie }), shareLinkListSchema);
    expect(list.links.map((l) => l.id)).toEqual([link.id]);
  });
});

describe("a share link's page", () => {
  it("is the app's shell, kept out of search engines, caches and Referer headers", async () => {
    const res = await api("/s/some-token", { headers: { "Sec-Fetch-Mode": "navigate" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const other = await api("/pricing", { headers: { "Sec-Fetch-Mode": "navigate" } });
    expect(other.headers.get("X-Robots-Tag")).toBeNull();
  });
});

import { env } from "cloudflare:test";
import { apiErrorSchema } from "@verbatim/shared";
import { commentThreadListSchema } from "@verbatim/shared/comments";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { seedTranscription } from "../../test/transcriptions";
import { createDb } from "../db/client";
import { comments } from "../db/schema";

const SEGMENTS = [
  { start: 0, end: 3, text: "Welcome, everyone." },
  { start: 3, end: 7.5, text: "The pilot starts on the ninth of March." },
  { start: 7.5, end: 10, text: "Budget next." },
];

async function meeting() {
  const owner = await signUp();
  const id = await seedTranscription(owner.user.id, "Kickoff", SEGMENTS);
  return { owner, id, base: `/api/transcriptions/${id}/comments` };
}

const threadsOf = (res: Response) => readJson(res, commentThreadListSchema).then((b) => b.threads);

describe("comments on a moment", () => {
  it("start threads on segments, in the recording's order, with replies, resolved and reopened", async () => {
    const { owner, base } = await meeting();
    const later = await api(base, {
      method: "POST",
      cookie: owner.cookie,
      json: { start: 7.5, end: 10, quote: "Budget next.", body: "Who owns the budget?" },
    });
    expect(later.status).toBe(201);
    const started = await api(base, {
      method: "POST",
      cookie: owner.cookie,
      json: { start: 3, end: 7.5, quote: SEGMENTS[1]?.text, body: "  Is the 9th confirmed?  " },
    });
    const threads = await threadsOf(started);
    expect(threads.map((t) => [t.start, t.body])).toEqual([
      [3, "Is the 9th confirmed?"],
      [7.5, "Who owns the budget?"],
    ]);
    const [first] = threads;
    expect(first?.author.name).toBe(owner.user.username);
    expect(first?.quote).toBe("The pilot starts on the ninth of March.");

    const replied = await api(`${base}/${first?.id}/replies`, {
      method: "POST",
      cookie: owner.cookie,
      json: { body: "Yes, signed off on Monday." },
    });
    expect(replied.status).toBe(201);
    expect((await threadsOf(replied))[0]?.replies.map((r) => r.body)).toEqual(["Yes, signed off on Monday."]);

    const resolved = await threadsOf(
      await api(`${base}/${first?.id}`, { method: "PATCH", cookie: owner.cookie, json: { resolved: true } }),
    );
    expect(resolved[0]?.resolvedAt).not.toBeNull();
    const reopened = await threadsOf(
      await api(`${base}/${first?.id}`, { method: "PATCH", cookie: owner.cookie, json: { resolved: false } }),
    );
    expect(reopened[0]?.resolvedAt).toBeNull();

    // A reply is not a thread: it cannot be resolved or replied to.
    const replyId = reopened[0]?.replies[0]?.id;
    expect(
      (await api(`${base}/${replyId}`, { method: "PATCH", cookie: owner.cookie, json: { resolved: true } })).status,
    ).toBe(404);

    // Deleting a thread's first comment takes its replies.
    const left = await threadsOf(await api(`${base}/${first?.id}`, { method: "DELETE", cookie: owner.cookie }));
    expect(left.map((t) => t.body)).toEqual(["Who owns the budget?"]);
    const rows = await createDb(env.DB)
      .select()
      .from(comments)
      .where(eq(comments.parentId, first?.id ?? ""));
    expect(rows).toEqual([]);
  });

  it("refuse bad input with a clear message", async () => {
    const { owner, base } = await meeting();
    const cases: [unknown, string][] = [
      [{ start: 1, end: 2, quote: "x", body: "   " }, "Write a comment"],
      [{ start: 1, end: 2, quote: "x", body: "y".repeat(2001) }, "A comment has at most 2000 characters"],
      [{ start: 5, end: 2, quote: "x", body: "ok" }, "The moment ends before it starts"],
      [{ start: -1, end: 2, quote: "x", body: "ok" }, ""],
    ];
    for (const [body, message] of cases) {
      const res = await api(base, { method: "POST", cookie: owner.cookie, json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(JSON.stringify(await res.json())).toContain(message);
    }
    const unknown = await api(`${base}/${crypto.randomUUID()}/replies`, {
      method: "POST",
      cookie: owner.cookie,
      json: { body: "hello" },
    });
    expect(unknown.status).toBe(404);
    expect((await readJson(unknown, apiErrorSchema)).message).toBe("Comment not found");
  });

  it("are the transcription's own: hidden from others, and deleted with it", async () => {
    const { owner, id, base } = await meeting();
    const intruder = await signUp();
    await api(base, { method: "POST", cookie: owner.cookie, json: { start: 0, end: 3, quote: "W", body: "Note" } });
    expect((await api(base, { cookie: intruder.cookie })).status).toBe(404);
    expect((await api(base)).status).toBe(401);
    const post = await api(base, {
      method: "POST",
      cookie: intruder.cookie,
      json: { start: 0, end: 1, quote: "", body: "x" },
    });
    expect(post.status).toBe(404);

    expect((await api(`/api/transcriptions/${id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    const rows = await createDb(env.DB).select().from(comments).where(eq(comments.transcriptionId, id));
    expect(rows).toEqual([]);
  });
});

import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { type SearchPage, searchPageSchema, transcriptionSchema } from "@verbatim/shared";
import { says } from "@verbatim/testing/stable-words";
import { describe, expect, it } from "vitest";
import { api, errorMessage, readJson, signUp } from "../../test/http";
import { db, seedTranscription } from "../../test/library";
import { testFile, upload, waitUntilDone } from "../../test/transcriptions";
import worker from "../index";
import { reindexTranscription } from "../store/search-index";
import { updateTranscription } from "../store/transcriptions";

async function search(cookie: string, q: string, extra = "") {
  const res = await api(`/api/search?q=${encodeURIComponent(q)}${extra}`, { cookie });
  if (res.status !== 200) throw new Error(`search ${q}: ${res.status} ${await res.text()}`);
  return readJson(res, searchPageSchema);
}
const ids = (page: SearchPage) => page.results.map((r) => r.id);
const highlighted = (page: SearchPage) =>
  page.results.flatMap((r) => r.hits.flatMap((h) => h.snippet.filter((p) => p.match).map((p) => p.text)));

describe("GET /api/search", () => {
  it("ranks by bm25: the transcript that is most about the word comes first", async () => {
    const { user, cookie } = await signUp();
    const passing = await seedTranscription(user.id, {
      text: [
        "[00:01] Welcome everyone to the weekly sync about hiring, the office move and the holiday rota.",
        "[00:09] One more thing: the budget review is next month, we will talk about it later then.",
      ].join("\n"),
    });
    const focused = await seedTranscription(user.id, { text: "[00:03] The budget, the budget, the budget." });
    const other = await seedTranscription(user.id, { text: "[00:02] Nothing about money here." });

    const page = await search(cookie, "budget");
    expect(ids(page)).toEqual([focused, passing]);
    expect(page.results.map((r) => r.score)).toEqual([...page.results.map((r) => r.score)].sort((a, b) => a - b));
    expect(ids(page)).not.toContain(other);
    expect(page.total).toBe(2);
  });

  it("answers snippets with the words highlighted, and the line's time and speaker", async () => {
    const { user, cookie } = await signUp();
    const id = await seedTranscription(user.id, {
      name: "Roadmap review",
      diarize: true,
      text: [
        "[00:04] Speaker 1: Good morning, shall we start?",
        "[01:05] Dana: The roadmap slipped by two weeks because of the migration.",
        "[62:10] Speaker 1: Thanks Dana: let's fix the roadmap today.",
      ].join("\n"),
      summary: "The team reviewed the roadmap and agreed on a new date.",
    });

    const [result] = (await search(cookie, "roadmap")).results;
    expect(result).toMatchObject({ id, title: "Roadmap review", status: "COMPLETED", hitCount: 4 });
    expect(result?.hits).toHaveLength(3);
    const line = result?.hits.find((h) => h.field === "transcript" && h.speaker === "Dana");
    expect(line).toMatchObject({ start: 65, speaker: "Dana" });
    expect(line?.snippet).toEqual([
      { text: "The ", match: false },
      { text: "roadmap", match: true },
      { text: " slipped by two weeks because of the migration.", match: false },
    ]);
    // Past an hour the minutes keep counting, as the transcript writes them; a colon later in the line is text.
    const [late] = (await search(cookie, "fix")).results;
    expect(late?.hits[0]).toMatchObject({ field: "transcript", start: 62 * 60 + 10, speaker: "Speaker 1" });
    const [title] = (await search(cookie, "review")).results.flatMap((r) => r.hits);
    expect(title).toMatchObject({ field: "title", start: null, speaker: null });
  });

  it("finds accented words with or without their accents, and words of non-Latin scripts", async () => {
    const { user, cookie } = await signUp();
    const french = await seedTranscription(user.id, { text: "[00:01] Le café est fermé, dit Ève à Zoë." });
    const japanese = await seedTranscription(user.id, { text: "[00:02] 私は東京に行きました。Zoomで会議です。" });
    const chinese = await seedTranscription(user.id, { text: "[00:03] 我们明天在北京开会。" });
    const russian = await seedTranscription(user.id, { text: "[00:04] Привет, как дела у Наташи?" });
    const arabic = await seedTranscription(user.id, { text: "[00:05] مرحبا بكم في الاجتماع" });
    const greek = await seedTranscription(user.id, { text: "[00:06] Καλημέρα σε όλους" });

    for (const q of ["cafe", "CAFÉ", "ferme", "eve", "zoe"]) expect(ids(await search(cookie, q)), q).toEqual([french]);
    const tokyo = await search(cookie, "東京");
    expect(ids(tokyo)).toEqual([japanese]);
    expect(highlighted(tokyo)).toEqual(["東京"]);
    expect(tokyo.results[0]?.hits[0]?.snippet.map((p) => p.text).join("")).toBe(
      "私は東京に行きました。Zoomで会議です。",
    );
    expect(ids(await search(cookie, "zoom 会議"))).toEqual([japanese]);
    expect(ids(await search(cookie, "京都"))).toEqual([]);
    // Both characters are in the line, but not as this word.
    expect(ids(await search(cookie, "京東"))).toEqual([]);
    expect(ids(await search(cookie, "北京"))).toEqual([chinese]);
    expect(ids(await search(cookie, "наташи"))).toEqual([russian]);
    expect(ids(await search(cookie, "الاجتماع"))).toEqual([arabic]);
    expect(ids(await search(cookie, "καλημέρα"))).toEqual([greek]);
  });

  it("needs every word, takes the last as a prefix, and reads query syntax as plain words", async () => {
    const { user, cookie } = await signUp();
    const both = await seedTranscription(user.id, { text: "[00:01] The quarterly budget was approved." });
    await seedTranscription(user.id, { text: "[00:01] The quarterly numbers look fine." });

    expect(ids(await search(cookie, "quarterly budget"))).toEqual([both]);
    expect(ids(await search(cookie, "quarterly budg"))).toEqual([both]);
    expect(ids(await search(cookie, "budg quarterly"))).toEqual([]);
    for (const q of [
      'budget" OR "numbers',
      "NEAR(budget numbers)",
      "budget*",
      "body:budget",
      "-budget",
      "budget AND",
    ]) {
      const page = await search(cookie, q);
      expect(
        ids(page).every((id) => id === both),
        q,
      ).toBe(true);
    }
  });

  it("never returns another user's transcriptions", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const mine = await seedTranscription(alice.user.id, { text: "[00:01] The secret merger plan." });
    const theirs = await seedTranscription(bob.user.id, { name: "Merger", text: "[00:01] Their merger plan." });

    expect(ids(await search(alice.cookie, "merger"))).toEqual([mine]);
    expect(ids(await search(bob.cookie, "merger"))).toEqual([theirs]);
    expect((await search(bob.cookie, "secret")).total).toBe(0);
    expect((await api("/api/search?q=merger")).status).toBe(401);
  });

  it("stays right after a rename, a transcript edit and a delete", async () => {
    const { user, cookie } = await signUp();
    const id = await seedTranscription(user.id, { name: "Kickoff", text: "[00:01] We chose the blue logo." });

    const renamed = await api(`/api/transcriptions/${id}/rename`, {
      method: "PATCH",
      cookie,
      json: { name: "Launch" },
    });
    expect(renamed.status).toBe(200);
    expect(ids(await search(cookie, "kickoff"))).toEqual([]);
    expect(ids(await search(cookie, "launch"))).toEqual([id]);

    // An edit rewrites the D1 text, then reindexes, as the editor's save does.
    await updateTranscription(db(), id, { text: "[00:01] We chose the green logo." });
    await reindexTranscription(db(), id);
    expect(ids(await search(cookie, "blue"))).toEqual([]);
    expect(ids(await search(cookie, "green"))).toEqual([id]);

    expect((await api(`/api/transcriptions/${id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect(ids(await search(cookie, "green"))).toEqual([]);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM search_entries WHERE transcription_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("leaves nothing of a deleted account in the index", async () => {
    const { user, cookie } = await signUp();
    await seedTranscription(user.id, { text: "[00:01] Zanzibar offsite notes." });
    const res = await api("/api/user", { method: "DELETE", cookie, json: { confirm: user.username } });
    expect(res.status).toBe(200);
    const rows = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM search_entries WHERE user_id = ?1) AS entries, (SELECT count(*) FROM search_fts WHERE search_fts MATCH 'zanzibar') AS indexed",
    )
      .bind(user.id)
      .first<{ entries: number; indexed: number }>();
    expect(rows).toEqual({ entries: 0, indexed: 0 });
  });

  it("pages through the transcriptions that match", async () => {
    const { user, cookie } = await signUp();
    const strong = await seedTranscription(user.id, { text: "[00:01] Agenda agenda agenda." });
    const weak = await seedTranscription(user.id, {
      text: "[00:01] The agenda for a long meeting with many topics today.",
    });
    const first = await search(cookie, "agenda", "&limit=1");
    const second = await search(cookie, "agenda", "&limit=1&offset=1");
    const past = await search(cookie, "agenda", "&limit=1&offset=2");
    expect([ids(first), ids(second), ids(past)]).toEqual([[strong], [weak], []]);
    expect([first.total, second.total, past.total]).toEqual([2, 2, 2]);
  });

  it("refuses a query without words, a missing one and one too long, with a message", async () => {
    const { cookie } = await signUp();
    for (const [q, message] of [
      ["?q=%20%20", "Type a word to search for"],
      ["", "Invalid input: expected string, received undefined"],
      ["?q=!!!", "Type a word to search for"],
      [`?q=${"a".repeat(201)}`, "Search for at most 200 characters"],
      ["?q=a&limit=0", "Too small: expected number to be >=1"],
    ] as const) {
      const res = await api(`/api/search${q}`, { cookie });
      expect(res.status, q).toBe(400);
      expect(await errorMessage(res), q).toBe(message);
    }
  });

  it("answers odd input calmly: lone marks, scripts newer than the tokenizer, emoji", async () => {
    const { user, cookie } = await signUp();
    await seedTranscription(user.id, { text: "[00:01] Plain words 😀 and 𞤀𞤁 Adlam." });
    for (const q of ["\u0301", "e\u0301", "𞤀𞤁", "٣", "ก่อน", "a b c d e f g h i j k l m n o p q r s t u v w x y z"]) {
      const res = await api(`/api/search?q=${encodeURIComponent(q)}`, { cookie });
      expect(res.status, q).toBe(200);
      await readJson(res, searchPageSchema);
    }
    const emoji = await api(`/api/search?q=${encodeURIComponent("😀")}`, { cookie });
    expect(emoji.status).toBe(400);
    expect(await errorMessage(emoji)).toBe("Type a word to search for");
  });

  it("indexes, on the hourly trigger, transcriptions made before search existed", async () => {
    const { user, cookie } = await signUp();
    const old = await seedTranscription(user.id, { name: "Archive", text: "[00:07] An old hovercraft story." });
    // As a database migrated from before 0007 is: rows without any search entry.
    await env.DB.prepare("DELETE FROM search_entries WHERE transcription_id = ?").bind(old).run();
    expect(ids(await search(cookie, "hovercraft"))).toEqual([]);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "17 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(ids(await search(cookie, "hovercraft"))).toEqual([old]);
    expect(ids(await search(cookie, "archive"))).toEqual([old]);
  });

  it("finds a word of a recording once speech recognition has finished", async () => {
    const { cookie } = await signUp();
    const { id } = await readJson(
      await upload(cookie, await testFile("jfk.mp3"), "jfk.mp3", "audio/mpeg"),
      transcriptionSchema,
    );
    expect(ids(await search(cookie, "jfk"))).toEqual([id]); // the title, at once
    expect(ids(await search(cookie, "country"))).toEqual([]);
    const { t } = await waitUntilDone(cookie, id);
    expect(says(t.text), t.text ?? "").toBe(true); // the recogniser's stable phrase has the word
    const [result] = (await search(cookie, "country")).results;
    expect(result?.id).toBe(id);
    // Whether a line or the summary (which may quote it) ranks first is bm25's call on the recogniser's words. The
    // three hits shown hold every entry with the word (the summary and at most two lines): a line's has its time.
    const said = (t.text ?? "").split("\n").flatMap((line) => {
      const m = /^\[(\d+):(\d{2})\] (.*)$/.exec(line);
      return m && /\bcountry/i.test(m[3] ?? "") ? [Number(m[1]) * 60 + Number(m[2])] : [];
    });
    const line = result?.hits.find((h) => h.field === "transcript");
    expect(line).toMatchObject({ speaker: null });
    expect(said).toContain(line?.start);
  });
});

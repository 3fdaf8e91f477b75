import type { Transcription } from "@verbatim/shared/transcription";
import { describe, expect, test } from "vitest";
import { OfflineSearchIndex } from "./search-index";

const row = (id: string, patch: Partial<Transcription>): Transcription =>
  ({
    id,
    name: null,
    file_name: `${id}.mp3`,
    status: "COMPLETED",
    text: null,
    summary: null,
    diarize: false,
    created_at: "2026-11-01T00:00:00.000Z",
    ...patch,
  }) as Transcription;

const index = new OfflineSearchIndex([
  row("budget", {
    name: "Budget review",
    text: "[00:03] We reviewed the café budget.\n[01:05] The marketing budget is over by ten percent.",
    summary: "The team discussed budgets.",
  }),
  row("standup", {
    diarize: true,
    text: "[00:00] Dana: Good morning everyone.\n[00:07] Speaker 2: The deployment went out on Friday.",
  }),
  row("tokyo", { text: "[00:00] 明日の会議はZoomで行います。" }),
]);
const search = (q: string) => index.search({ q, limit: 20, offset: 0 });
const ids = (q: string) => search(q).results.map((r) => r.id);

describe("offline search over the device library", () => {
  test("every word must be in one line, the last may be the start of a word", () => {
    expect(ids("marketing budget")).toEqual(["budget"]);
    expect(ids("marketing friday")).toEqual([]);
    expect(ids("deploy")).toEqual(["standup"]);
    expect(ids("deploy out")).toEqual([]); // only the last word is a prefix: "deploy" is not a word here
  });

  test("folds case and accents, and finds a word of an unspaced script inside a sentence", () => {
    expect(ids("CAFE")).toEqual(["budget"]);
    expect(ids("会議")).toEqual(["tokyo"]);
    expect(ids("議会")).toEqual([]);
    expect(ids("zoom")).toEqual(["tokyo"]);
  });

  test("answers the transcript line's time and speaker, with the matched words marked", () => {
    const [result] = search("deployment").results;
    expect(result).toMatchObject({ id: "standup", title: "standup.mp3", hitCount: 1 });
    expect(result?.hits).toEqual([
      {
        field: "transcript",
        start: 7,
        speaker: "Speaker 2",
        snippet: [
          { text: "The ", match: false },
          { text: "deployment", match: true },
          { text: " went out on Friday.", match: false },
        ],
      },
    ]);
  });

  test("a title, a summary and lines all count; the best three hits come back", () => {
    const page = search("budget");
    expect(page.total).toBe(1);
    expect(page.results[0]?.hitCount).toBe(4);
    expect(page.results[0]?.hits.map((h) => h.field).sort()).toHaveLength(3);
  });

  test("pages by transcription; nothing for punctuation alone", () => {
    expect(search("the").total).toBe(2);
    expect(index.search({ q: "the", limit: 1, offset: 1 }).results).toHaveLength(1);
    expect(search("?!").results).toEqual([]);
  });
});

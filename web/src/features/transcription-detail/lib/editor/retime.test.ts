import type { Segment, Word } from "@verbatim/shared/transcript";
import { describe, expect, test } from "vitest";
import { activeWordIndex, matchTokens, retimeSegment, wordsOf } from "./retime";

const segment: Segment = {
  start: 10,
  end: 14,
  text: "we ship on friday",
  speaker: "SPEAKER_00",
  words: [
    { word: "we", start: 10, end: 10.4, speaker: "SPEAKER_00" },
    { word: "ship", start: 10.5, end: 11, speaker: "SPEAKER_00" },
    { word: "on", start: 11.2, end: 11.5, speaker: "SPEAKER_00" },
    { word: "friday", start: 12, end: 13.5, speaker: "SPEAKER_00" },
  ],
};

describe("retiming a segment's words after an edit", () => {
  test("unchanged words keep their exact times; a replaced word takes the time between its neighbours", () => {
    const edited = retimeSegment(segment, "we ship on Monday");
    expect(edited.text).toBe("we ship on Monday");
    expect(edited.words?.slice(0, 3)).toEqual(segment.words?.slice(0, 3));
    expect(edited.words?.[3]).toEqual({ word: "Monday", start: 11.5, end: 14, speaker: "SPEAKER_00" });
  });

  test("inserted words share the gap between the kept words, in proportion to their length", () => {
    const edited = retimeSegment(segment, "we ship it all on friday");
    const words = edited.words ?? [];
    expect(words.map((w) => w.word)).toEqual(["we", "ship", "it", "all", "on", "friday"]);
    expect(words[0]).toEqual(segment.words?.[0]);
    expect(words[4]).toEqual(segment.words?.[2]);
    expect(words[5]).toEqual(segment.words?.[3]);
    // "it" (3 weight) and "all" (4 weight) share 11.0 → 11.2.
    expect(words[2]?.start).toBeCloseTo(11);
    expect(words[2]?.end).toBeCloseTo(11 + 0.2 * (3 / 7));
    expect(words[3]?.end).toBeCloseTo(11.2);
  });

  test("a first word replaced starts at the segment's start; deleting words keeps the rest untouched", () => {
    const edited = retimeSegment(segment, "They ship friday");
    expect(edited.words?.[0]).toMatchObject({ word: "They", start: 10, end: 10.5 });
    expect(edited.words?.slice(1)).toEqual([segment.words?.[1], segment.words?.[3]]);
  });

  test("times of new words lie inside the segment and never run backwards, even beside a word outside it", () => {
    const odd: Segment = { ...segment, words: [{ word: "we", start: 9.98, end: 14.03 }] };
    const edited = retimeSegment(odd, "a b we c");
    expect(edited.words?.[2]).toEqual(odd.words?.[0]);
    // The segment widens to hold the kept word, so it still contains all its words.
    expect(edited).toMatchObject({ start: 9.98, end: 14.03 });
    for (const w of [0, 1, 3].map((i) => edited.words?.[i] as Word)) {
      expect(w.start).toBeGreaterThanOrEqual(10);
      expect(w.end).toBeLessThanOrEqual(14);
      expect(w.end).toBeGreaterThanOrEqual(w.start);
    }
  });

  test("a segment without word times gets its words spread over it, so it can be split and followed", () => {
    const words = wordsOf({ start: 0, end: 6, text: "ab cd" });
    expect(words).toEqual([
      { word: "ab", start: 0, end: 3 },
      { word: "cd", start: 3, end: 6 },
    ]);
  });

  test("a script written without spaces is diffed by its words and joined without spaces", () => {
    const ja: Segment = {
      start: 0,
      end: 2,
      text: "今日は晴れ",
      words: [
        { word: "今日", start: 0, end: 0.5 },
        { word: "は", start: 0.5, end: 0.8 },
        { word: "晴れ", start: 1, end: 2 },
      ],
    };
    const edited = retimeSegment(ja, "今日は雨");
    expect(edited.text).toBe("今日は雨");
    expect(edited.words?.slice(0, 2)).toEqual(ja.words?.slice(0, 2));
    expect(edited.words?.[2]).toMatchObject({ word: "雨", start: 0.8, end: 2 });
  });

  test("the common words are found even around changes on both sides", () => {
    expect(matchTokens(["a", "b", "c", "d", "e"], ["x", "b", "c", "y", "e"])).toEqual([
      [1, 1],
      [2, 2],
      [4, 4],
    ]);
  });
});

describe("the playing word", () => {
  test("is the last word that started by now", () => {
    const words = segment.words ?? [];
    expect(activeWordIndex(words, 9)).toBe(-1);
    expect(activeWordIndex(words, 10.6)).toBe(1);
    expect(activeWordIndex(words, 13.9)).toBe(3);
  });
});

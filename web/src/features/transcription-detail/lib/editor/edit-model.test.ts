import type { Segment } from "@verbatim/shared/transcript";
import { describe, expect, test } from "vitest";
import {
  addSpeaker,
  type EditState,
  editText,
  mergeWithNext,
  sameContent,
  setSpeaker,
  splitSegment,
  wordsBefore,
} from "./edit-model";
import { push, redo, startHistory, undo } from "./history";

const a: Segment = {
  start: 0,
  end: 3,
  text: "hello there all",
  speaker: "S1",
  words: [
    { word: "hello", start: 0, end: 0.8, speaker: "S1" },
    { word: "there", start: 1, end: 1.6, speaker: "S1" },
    { word: "all", start: 2, end: 2.5, speaker: "S1" },
  ],
};
const b: Segment = {
  start: 4,
  end: 5,
  text: "fine thanks",
  speaker: "S2",
  words: [
    { word: "fine", start: 4, end: 4.4, speaker: "S2" },
    { word: "thanks", start: 4.5, end: 5, speaker: "S2" },
  ],
};
const state: EditState = {
  segments: [a, b],
  speakers: [
    { id: "S1", name: null },
    { id: "S2", name: "Dana" },
  ],
};

describe("the editor's operations", () => {
  test("editing text changes only that segment; unchanged text is no change at all", () => {
    const next = editText(state, 1, "fine, thanks");
    expect(next.segments[0]).toBe(a);
    expect(next.segments[1]?.text).toBe("fine, thanks");
    expect(editText(state, 1, " fine thanks ")).toBe(state);
  });

  test("clearing a segment's text removes it", () => {
    expect(editText(state, 0, "  ").segments).toEqual([b]);
  });

  test("split divides words and times at the chosen word", () => {
    const next = splitSegment(state, 0, 2);
    expect(next.segments).toHaveLength(3);
    expect(next.segments[0]).toMatchObject({ start: 0, end: 1.6, text: "hello there", speaker: "S1" });
    expect(next.segments[1]).toMatchObject({ start: 2, end: 3, text: "all", speaker: "S1" });
    expect(next.segments[1]?.words).toEqual([a.words?.[2]]);
    expect(splitSegment(state, 0, 0)).toBe(state);
    expect(splitSegment(state, 0, 3)).toBe(state);
  });

  test("merge joins text, words and time, under the first segment's speaker", () => {
    const next = mergeWithNext(state, 0);
    expect(next.segments).toHaveLength(1);
    expect(next.segments[0]).toMatchObject({ start: 0, end: 5, text: "hello there all fine thanks", speaker: "S1" });
    expect(next.segments[0]?.words?.map((w) => w.speaker)).toEqual(["S1", "S1", "S1", "S1", "S1"]);
    expect(mergeWithNext(state, 1)).toBe(state);
  });

  test("split then merge gives back the same words", () => {
    const back = mergeWithNext(splitSegment(state, 0, 1), 0);
    expect(back.segments[0]?.words).toEqual(a.words);
    expect(back.segments[0]?.text).toBe(a.text);
  });

  test("changing the speaker changes the segment's and its words' speaker", () => {
    const next = setSpeaker(state, 1, "S1");
    expect(next.segments[1]?.speaker).toBe("S1");
    expect(next.segments[1]?.words?.every((w) => w.speaker === "S1")).toBe(true);
    expect(next.segments[0]).toBe(a);
  });

  test("a new speaker gets the next free id and the segment, nothing else", () => {
    const next = addSpeaker(state, 0);
    expect(next.speakers).toEqual([...state.speakers, { id: "SPEAKER_02", name: null }]);
    expect(next.segments[0]?.speaker).toBe("SPEAKER_02");
    expect(next.segments[1]).toBe(b);
  });

  test('a transcript with only "Name:" labels keeps them as named speakers when a speaker is added', () => {
    const labelled: EditState = {
      segments: [
        { ...a, speaker: "Ann", words: undefined },
        { start: 4, end: 5, text: "yes" },
      ],
      speakers: [],
    };
    const next = addSpeaker(labelled, 1);
    expect(next.speakers).toEqual([
      { id: "Ann", name: "Ann" },
      { id: "SPEAKER_01", name: null },
    ]);
    expect(next.segments.map((s) => s.speaker)).toEqual(["Ann", "SPEAKER_01"]);
  });

  test("the same transcript built anew is the same content; any change in it is not", () => {
    const copy: EditState = JSON.parse(JSON.stringify({ speakers: state.speakers, segments: state.segments }));
    expect(sameContent(copy, state)).toBe(true);
    expect(sameContent(editText(state, 0, "hello there"), state)).toBe(false);
    expect(sameContent(setSpeaker(state, 0, "S2"), state)).toBe(false);
  });

  test("the caret's word index counts the words before it", () => {
    expect(wordsBefore("hello there all", 0)).toBe(0);
    expect(wordsBefore("hello there all", 6)).toBe(1);
    expect(wordsBefore("hello there all", 8)).toBe(2);
  });
});

describe("undo and redo", () => {
  test("walk back and forth through the changes; a new change drops the redo steps", () => {
    let h = startHistory(state);
    const edited = editText(state, 0, "hi there all");
    h = push(h, edited);
    h = push(h, setSpeaker(edited, 0, "S2"));
    h = undo(h);
    expect(h.present).toBe(edited);
    h = undo(h);
    expect(h.present).toBe(state);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe(edited);
    h = push(h, mergeWithNext(edited, 0));
    expect(h.future).toEqual([]);
    expect(push(h, h.present)).toBe(h);
  });
});

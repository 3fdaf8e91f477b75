import type { Segment } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import type { SpeechResult } from "../asr/types";
import { joinChunks } from "./join-chunks";

const w = (word: string, start: number, speaker: string) => ({ word, start, end: start + 0.4, speaker });
const seg = (words: ReturnType<typeof w>[]): Segment => ({
  start: words[0]?.start ?? 0,
  end: words.at(-1)?.end ?? 0,
  text: words.map((x) => x.word).join(" "),
  speaker: words[0]?.speaker,
  words,
});
const result = (segments: Segment[], duration: number): SpeechResult => ({
  language: "en",
  duration,
  segments,
  diarization: { state: "done", message: null },
});

describe("speakers across the chunks of one recording", () => {
  it("keeps one id per voice when the next chunk numbers its speakers the other way round", () => {
    // Part 1 (0–12 s): Ann (SPEAKER_00), then Bob (SPEAKER_01) and Ann again in the last 2 s. Part 2 starts
    // at 10 s (2 s overlap) and hears Bob first, so Bob is its SPEAKER_00 and Ann its SPEAKER_01.
    const part1 = result(
      [
        seg([w("hello", 1, "SPEAKER_00"), w("there", 2, "SPEAKER_00")]),
        seg([w("hi", 10.1, "SPEAKER_01")]),
        seg([w("yes", 11.2, "SPEAKER_00")]),
      ],
      12,
    );
    const part2 = result(
      [
        seg([w("hi", 0.1, "SPEAKER_00")]),
        seg([w("yes", 1.2, "SPEAKER_01")]),
        seg([w("so", 5, "SPEAKER_01"), w("anyway", 6, "SPEAKER_01")]),
        seg([w("right", 8, "SPEAKER_00")]),
      ],
      10,
    );
    const { doc } = joinChunks([
      { startOffset: 0, result: part1 },
      { startOffset: 10, result: part2 },
    ]);
    const who = doc.segments.map((s) => [s.text, s.speaker]);
    expect(who).toEqual([
      ["hello there", "SPEAKER_00"],
      ["hi", "SPEAKER_01"],
      ["yes", "SPEAKER_00"],
      ["so anyway", "SPEAKER_00"],
      ["right", "SPEAKER_01"],
    ]);
    expect(doc.speakers).toEqual([
      { id: "SPEAKER_00", name: null },
      { id: "SPEAKER_01", name: null },
    ]);
    expect(doc.segments.flatMap((s) => s.words?.map((x) => x.speaker))).toEqual(
      doc.segments.flatMap((s) => s.words?.map(() => s.speaker)),
    );
    expect(doc.diarization).toEqual({ state: "done", message: null });
  });

  it("a voice only the second chunk hears is a new speaker", () => {
    const { doc } = joinChunks([
      { startOffset: 0, result: result([seg([w("one", 1, "SPEAKER_00"), w("two", 9.5, "SPEAKER_00")])], 10) },
      {
        startOffset: 9,
        result: result([seg([w("two", 0.5, "SPEAKER_00")]), seg([w("three", 5, "SPEAKER_01")])], 10),
      },
    ]);
    expect(doc.segments.map((s) => [s.text, s.speaker])).toEqual([
      ["one", "SPEAKER_00"],
      ["two", "SPEAKER_00"],
      ["three", "SPEAKER_01"],
    ]);
    expect(doc.speakers?.map((s) => s.id)).toEqual(["SPEAKER_00", "SPEAKER_01"]);
  });

  it("reports a failure in any chunk, and has no speakers when none were recognised", () => {
    const failed: SpeechResult = {
      language: "en",
      duration: 5,
      segments: [{ start: 0, end: 1, text: "words", words: [{ word: "words", start: 0, end: 1 }] }],
      diarization: { state: "failed", message: "Speaker recognition failed (boom)" },
    };
    const { doc } = joinChunks([{ startOffset: 0, result: failed }]);
    expect(doc.diarization).toEqual({ state: "failed", message: "Speaker recognition failed (boom)" });
    expect(doc.speakers).toBeUndefined();
    expect(doc.segments[0]?.text).toBe("words");
  });

  it("splits a segment where its words change speaker", () => {
    const mixed: Segment = {
      start: 0,
      end: 3,
      text: "Ready? Yes, go.",
      speaker: "SPEAKER_00",
      words: [w("Ready?", 0, "SPEAKER_00"), w("Yes,", 1, "SPEAKER_01"), w("go.", 2, "SPEAKER_01")],
    };
    const { doc } = joinChunks([{ startOffset: 0, result: result([mixed], 3) }]);
    expect(doc.segments.map((s) => [s.start, s.end, s.text, s.speaker])).toEqual([
      [0, 0.4, "Ready?", "SPEAKER_00"],
      [1, 3, "Yes, go.", "SPEAKER_01"],
    ]);
  });

  it("matches a speaker silent in the overlap by voice, and not a different voice", () => {
    const ann = [1, 0, 0];
    const bob = [0, 1, 0];
    const cat = [0, 0, 1];
    const withVoices = (r: SpeechResult, voices: Record<string, number[]>) => ({ ...r, speakerEmbeddings: voices });
    const { doc, voices } = joinChunks([
      {
        startOffset: 0,
        result: withVoices(result([seg([w("one", 1, "SPEAKER_00")]), seg([w("two", 5, "SPEAKER_01")])], 10), {
          SPEAKER_00: ann,
          SPEAKER_01: bob,
        }),
      },
      {
        // Nobody speaks in the overlap (9–10 s); part 2 hears Cat, then Bob.
        startOffset: 9,
        result: withVoices(result([seg([w("three", 3, "SPEAKER_00")]), seg([w("four", 6, "SPEAKER_01")])], 10), {
          SPEAKER_00: cat,
          SPEAKER_01: [0.1, 0.95, 0],
        }),
      },
    ]);
    expect(doc.segments.map((s) => [s.text, s.speaker])).toEqual([
      ["one", "SPEAKER_00"],
      ["two", "SPEAKER_01"],
      ["three", "SPEAKER_02"],
      ["four", "SPEAKER_01"],
    ]);
    // Each speaker's voice, for remembering it: Bob's is the mean of both parts', at unit length.
    expect(voices.get("SPEAKER_00")).toEqual(ann);
    expect(voices.get("SPEAKER_02")).toEqual(cat);
    const bobs = voices.get("SPEAKER_01") ?? [];
    expect(Math.hypot(...bobs)).toBeCloseTo(1, 9);
    expect(bobs[0]).toBeCloseTo(0.1 / Math.hypot(0.1, 1.95), 9);
  });
});

import { describe, expect, it } from "vitest";
import { speakerStats } from "./speaker-stats";

const seg = (speaker: string | undefined, start: number, end: number) => ({ start, end, text: "x", speaker });

describe("speakerStats", () => {
  it("adds up talk time and counts a turn each time the floor changes hands", () => {
    const stats = speakerStats([seg("A", 0, 4), seg("A", 4, 6), seg("B", 6, 8), seg("A", 8, 10)]);
    expect(stats).toEqual([
      { speaker: "A", seconds: 8, share: 0.8, turns: 2 },
      { speaker: "B", seconds: 2, share: 0.2, turns: 1 },
    ]);
  });

  it("counts the words' spans, not the silence inside a segment", () => {
    const [a] = speakerStats([
      {
        ...seg("A", 0, 10),
        words: [
          { word: "hi", start: 0, end: 1 },
          { word: "there", start: 8, end: 9.5 },
        ],
      },
    ]);
    expect(a?.seconds).toBeCloseTo(2.5);
  });

  it("ignores unattributed segments, which do not end a turn", () => {
    const stats = speakerStats([seg("A", 0, 2), seg(undefined, 2, 3), seg("A", 3, 5)]);
    expect(stats).toEqual([{ speaker: "A", seconds: 4, share: 1, turns: 1 }]);
  });

  it("is empty for a transcript without speakers", () => {
    expect(speakerStats([seg(undefined, 0, 2)])).toEqual([]);
  });
});

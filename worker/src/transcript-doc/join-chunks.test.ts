import { markerTime, type Segment } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { joinChunks } from "./join-chunks";
import { transcriptText } from "./text";

/** A chunk's engine output for `words` spoken one per second starting at `from` (relative to the chunk). */
function chunkOf(words: string[], from: number, duration: number) {
  const ws = words.map((w, i) => ({ word: w, start: from + i, end: from + i + 0.6 }));
  const seg: Segment = { start: from, end: from + words.length, text: words.join(" "), words: ws };
  return { language: "en", duration, segments: [seg] };
}

describe("stitching chunks", () => {
  it("keeps every word exactly once where chunks overlap", () => {
    // 20 words, one per second. Chunk A covers 0–12 s, chunk B starts at 10 s: words 10 and 11 are heard twice.
    const all = Array.from({ length: 20 }, (_, i) => `w${i}`);
    const a = chunkOf(all.slice(0, 12), 0, 12);
    const b = chunkOf(all.slice(10), 0, 10);
    const { doc } = joinChunks([
      { startOffset: 10, result: b },
      { startOffset: 0, result: a },
    ]);
    const words = doc.segments.flatMap((s) => s.words ?? []).map((w) => w.word.trim());
    expect(words).toEqual(all);
    expect(doc.duration).toBe(20);
    const starts = doc.segments.flatMap((s) => s.words ?? []).map((w) => w.start);
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
  });

  it("places chunk times at their offset in the recording", () => {
    const { doc } = joinChunks([
      { startOffset: 0, result: chunkOf(["hello"], 0, 300) },
      { startOffset: 300, result: chunkOf(["again"], 2, 300) },
    ]);
    expect(doc.segments.map((s) => s.start)).toEqual([0, 302]);
    expect(doc.duration).toBe(600);
  });
});

describe("transcript text", () => {
  it("writes one [mm:ss] line per sentence, minutes past 59", () => {
    expect(markerTime(3725.9)).toBe("62:05");
    const seg: Segment = {
      start: 61,
      end: 66,
      text: "First one. Second one?",
      words: [
        { word: "First", start: 61, end: 61.5 },
        { word: "one.", start: 61.5, end: 62 },
        { word: "Second", start: 64, end: 64.5 },
        { word: "one?", start: 64.5, end: 65 },
      ],
    };
    expect(transcriptText([seg, { start: 70, end: 72, text: "No words here", speaker: "Ana" }])).toBe(
      "[01:01] First one.\n[01:04] Second one?\n[01:10] Ana: No words here",
    );
  });

  it("does not end a line at a title, an initial or a full stop the sentence goes on after", () => {
    const text = "And Mr. Dashwood met J. Smith at 3 p.m. today. Then Dr. Jones left.";
    const words = text.split(" ").map((word, i) => ({ word, start: i, end: i + 0.5 }));
    expect(transcriptText([{ start: 0, end: 14, text, words }])).toBe(
      "[00:00] And Mr. Dashwood met J. Smith at 3 p.m. today.\n[00:10] Then Dr. Jones left.",
    );
  });

  it("keeps the engine's titles in other languages inside their sentence", () => {
    const text = "Fr. Meyer kommt bzw. Anna ruft an. Poi il dott. Rossi parla.";
    const words = text.split(" ").map((word, i) => ({ word, start: i, end: i + 0.5 }));
    expect(transcriptText([{ start: 0, end: 12, text, words }])).toBe(
      "[00:00] Fr. Meyer kommt bzw. Anna ruft an.\n[00:07] Poi il dott. Rossi parla.",
    );
  });
});

import { describe, expect, it } from "vitest";
import { fromVerboseJson } from "./verbose-json";

// The local engine's verbose_json with diarize=true (docs/speech-engine/speaker-recognition.md#api).
const words = [
  { word: "Ready?", start: 0, end: 0.5, speaker: "SPEAKER_00" },
  { word: "Yes.", start: 1, end: 1.4, speaker: "SPEAKER_01" },
];
const segments = [
  { start: 0, end: 0.5, text: " Ready?", speaker: "SPEAKER_00" },
  { start: 1, end: 1.4, text: " Yes.", speaker: "SPEAKER_01" },
];

describe("the engine's answer with speakers", () => {
  it("keeps every word's and segment's speaker", () => {
    const r = fromVerboseJson({ duration: 2, segments, words, speakers: ["SPEAKER_00", "SPEAKER_01"] }, true);
    expect(r.segments.map((s) => [s.speaker, s.text, s.words?.map((w) => w.speaker)])).toEqual([
      ["SPEAKER_00", "Ready?", ["SPEAKER_00"]],
      ["SPEAKER_01", "Yes.", ["SPEAKER_01"]],
    ]);
    expect(r.diarization).toEqual({ state: "done", message: null });
  });

  it("a failed diarization keeps the words and says why", () => {
    const warning = "Speaker recognition failed (FileNotFoundError: weights); the transcript has no speakers.";
    const plain = segments.map(({ speaker: _, ...s }) => ({ ...s, speaker: null }));
    const r = fromVerboseJson({ duration: 2, segments: plain, words: [], speakers: [], warning }, true);
    expect(r.segments.map((s) => s.text)).toEqual(["Ready?", "Yes."]);
    expect(r.segments.every((s) => s.speaker === undefined)).toBe(true);
    expect(r.diarization).toEqual({ state: "failed", message: warning });
  });

  it("a server that ignores diarize=true: unavailable", () => {
    expect(fromVerboseJson({ duration: 2, segments: [] }, true).diarization?.state).toBe("unavailable");
    expect(fromVerboseJson({ duration: 2, segments: [] }).diarization).toBeUndefined();
  });
});

import { describe, expect, test } from "vitest";
import { offlineLibraryPassages, offlinePassages } from "./offline-passages";

// Offline answers: the lines with most of the question's words, their neighbours, and across a library each
// meeting's lines together, the best meeting first.

const pilot = {
  id: "t1",
  name: "Pilot kickoff",
  file_name: "kickoff.m4a",
  text: "[00:00] Ana: Good morning.\n[00:03] Ana: We start the pilot on the ninth of March.\n[00:06] Ben: The budget is twelve thousand euros.\n[00:09] Ben: Thanks.",
  diarize: true,
};
const hiring = {
  id: "t2",
  name: null,
  file_name: "hiring.mp3",
  text: "[00:00] Two engineers join in April.\n[00:04] The pilot team needs one of them.",
  diarize: false,
};

describe("offline answers", () => {
  test("one transcript: the hit with a line either side, naming no meeting", () => {
    const lines = [
      { start: 0, speaker: "Ana", text: "Good morning." },
      { start: 3, speaker: "Ana", text: "We start the pilot on the ninth of March." },
      { start: 6, speaker: "Ben", text: "The budget is twelve thousand euros." },
      { start: 9, speaker: "Ben", text: "Thanks." },
    ];
    expect(offlinePassages(lines, "When does the pilot start?")).toEqual([
      { start: 0, speaker: "Ana", text: "Good morning.", hit: false },
      { start: 3, speaker: "Ana", text: "We start the pilot on the ninth of March.", hit: true },
      { start: 6, speaker: "Ben", text: "The budget is twelve thousand euros.", hit: false },
    ]);
  });

  test("a library: every meeting's lines under it, the best meeting first, titled by name or file", () => {
    const passages = offlineLibraryPassages([hiring, pilot], "When does the pilot start?");
    expect(passages.map((p) => [p.meeting?.id, p.start, p.hit])).toEqual([
      ["t1", 0, false],
      ["t1", 3, true],
      ["t1", 6, false],
      ["t2", 0, false],
      ["t2", 4, true],
    ]);
    expect(passages[0]?.meeting).toEqual({ id: "t1", title: "Pilot kickoff" });
    expect(passages.at(-1)?.meeting).toEqual({ id: "t2", title: "hiring.mp3" });
    // Undiarized text keeps its words whole.
    expect(passages.at(-1)?.speaker).toBeNull();
    expect(offlineLibraryPassages([hiring, pilot], "Who signed the contract?")).toEqual([]);
  });
});

import { DEFAULT_ANALYSIS_PREFERENCES, type TranscriptDoc } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { namedSegments } from "../../transcript-doc/speakers";
import { analyseOffline } from "./index";

// A diarized transcript reaches the analysis with speakers shown as the user sees them (analyze.ts passes
// namedSegments): questions, action-item owners and talk time use those speakers, named or "Speaker N".
const seg = (start: number, speaker: string, text: string) => ({
  start,
  end: start + 4,
  text,
  speaker,
  words: text.split(" ").map((word, i) => ({ word, start: start + i * 0.3, end: start + i * 0.3 + 0.3, speaker })),
});
const doc: TranscriptDoc = {
  language: "en",
  duration: 30,
  speakers: [
    { id: "SPEAKER_00", name: "Dana" },
    { id: "SPEAKER_01", name: null },
  ],
  segments: [
    seg(0, "SPEAKER_00", "Good morning everyone, let's review the launch plan for the new billing system."),
    seg(5, "SPEAKER_01", "The migration scripts are finished and tested on staging."),
    seg(10, "SPEAKER_00", "Can you send the staging report to finance by Friday?"),
    seg(15, "SPEAKER_01", "Yes, I will send the staging report to finance by Friday."),
    seg(20, "SPEAKER_00", "Great, and I will book the launch review with the sales team next week."),
  ],
};

describe("offline analysis of a diarized transcript", () => {
  const result = analyseOffline(
    { segments: namedSegments(doc), language: doc.language, duration: doc.duration },
    DEFAULT_ANALYSIS_PREFERENCES,
  );

  it("gives talk time and turns per speaker by name", () => {
    expect(result.summary_analysis.speakers).toMatch(
      /^2 speakers: Dana \(\d+% of words, 3 turns\) and Speaker 2 \(\d+% of words, 2 turns\)/,
    );
  });

  it("attributes questions and action items to the speakers", () => {
    expect(result.transcription_details.questions).toContain(
      "Dana: Can you send the staging report to finance by Friday?",
    );
    const items = result.transcription_details.actionItems.join("\n");
    expect(items).toMatch(/Dana.*launch review/);
    expect(items).toMatch(/Speaker 2.*staging report/);
  });
});

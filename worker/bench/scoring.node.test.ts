import type { AnalysisResult } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { analyseOffline } from "../src/analysis/offline";
import { joinedMeetings, loadMeetings, SPLITS } from "./meetings";
import { factKept, normalise, scoreSummary } from "./scoring";

const fact = (...concepts: string[][]) => ({ statement: "a fact", concepts });

describe("normalise", () => {
  it("writes numbers as digits, said or written", () => {
    expect(normalise("Forty-five thousand dollars")).toBe(" 45000 dollars ");
    expect(normalise("$45,000 or 45k")).toBe(" 45000 or 45000 ");
    expect(normalise("one hundred and sixty-five thousand")).toBe(" 165000 ");
    expect(normalise("the twenty-first of May, the 3rd of March")).toBe(" the 21 of may the 3 of march ");
    expect(normalise("eight fifteen, 8:15")).toBe(" 8 15 8 15 ");
  });

  it("keeps separate numbers apart and ignores accents and case", () => {
    expect(normalise("one two three")).toBe(" 1 2 3 ");
    expect(normalise("Café ÉCLAIR")).toBe(" cafe eclair ");
  });
});

describe("factKept", () => {
  const pilot = fact(["pilot"], ["March 3", "3 March", "third of March"]);

  it("needs every concept, in any of its forms", () => {
    expect(factKept(pilot, "The pilot now starts on the third of March.")).toBe(true);
    expect(factKept(pilot, "The Pilot begins March 3rd.")).toBe(true);
    expect(factKept(pilot, "The pilot was moved.")).toBe(false);
    expect(factKept(pilot, "Launch on March 3.")).toBe(false);
  });

  it("lets a word go on but not a number", () => {
    expect(factKept(fact(["bus"]), "three more buses")).toBe(true);
    expect(factKept(fact(["10"]), "a 100 people")).toBe(false);
    expect(factKept(fact(["March 3"]), "on March 30")).toBe(false);
  });
});

describe("scoreSummary", () => {
  const transcript = "SPEAKER_00: Priya says the pilot with Harbor starts on March third. The budget is 25,000.";
  const result = (summary: string, key_points: string[], notes: string[] = [], engine = "local") =>
    ({ summary, key_points, notes, engine }) as unknown as AnalysisResult;
  const facts = [fact(["pilot"], ["March 3"]), fact(["25,000", "twenty-five thousand"])];

  it("counts kept facts and supported sentences", () => {
    const score = scoreSummary(
      result("Priya moved the pilot to March 3. Oslo agreed.", ["The budget rose to 30,000."]),
      transcript,
      facts,
    );
    expect(score).toMatchObject({ factsKept: 1, facts: 2, sentences: 3, supportedSentences: 2 });
    expect(score.missed).toEqual(["a fact"]);
    expect(score.model).toEqual({ written: 3, unsupported: 0, copied: 0 });
  });

  it("counts what the analysis dropped among the model's sentences", () => {
    const notes = [
      "2 sentence(s) of the summary by local (m) were dropped: the transcript does not mention Oslo.",
      "1 sentence(s) of the summary by local (m) were dropped: copied from the transcript.",
      "1 key point(s) by local (m) were dropped: they name what the transcript does not.",
    ];
    expect(
      scoreSummary(result("The pilot starts March 3.", ["It costs 25,000."], notes), transcript, facts).model,
    ).toEqual({
      written: 6,
      unsupported: 3,
      copied: 1,
    });
  });

  it("counts none of the offline engine's text as the model's", () => {
    const stoodIn = [
      "1 sentence(s) of the summary by local (m) were dropped: the transcript does not mention x.",
      "No sentence of the model's summary held up; the offline engine's summary is shown.",
    ];
    expect(scoreSummary(result("Offline text.", ["Point."], stoodIn), transcript, facts).model).toEqual({
      written: 2,
      unsupported: 1,
      copied: 0,
    });
    expect(scoreSummary(result("Offline text.", [], [], "offline"), transcript, facts).model).toBeNull();
  });
});

describe("the benchmark meetings", () => {
  for (const split of SPLITS) {
    const meetings = loadMeetings(split);

    it(`${split}: six meetings of 3-8 minutes, every reference fact stated in its transcript`, () => {
      expect(meetings).toHaveLength(6);
      for (const meeting of meetings) {
        const words = meeting.input.segments
          .map((s) => s.text)
          .join(" ")
          .split(/\s+/).length;
        expect(words / 150, meeting.id).toBeGreaterThanOrEqual(3);
        expect(words / 150, meeting.id).toBeLessThanOrEqual(8);
        const transcript = analyseOffline(meeting.input).formatted_transcript;
        for (const f of meeting.facts) expect(factKept(f, transcript), `${meeting.id}: ${f.statement}`).toBe(true);
      }
    });
  }

  it("joins meetings into a recording of the length asked for", () => {
    const meetings = [...loadMeetings("dev"), ...loadMeetings("held-out")];
    for (const minutes of [10, 30, 60]) {
      const input = joinedMeetings(meetings, minutes);
      expect(input.duration / 60).toBeGreaterThan(minutes - 1);
      expect(input.duration / 60).toBeLessThan(minutes + 1);
      const starts = input.segments.map((s) => s.start);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
    }
  });
});

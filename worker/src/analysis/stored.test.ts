import { keyPointsSchema, parseStoredJson, readStoredAnalysis, summaryAnalysisSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { modelAnalysis } from "./test-support";

describe("reading stored analysis columns", () => {
  const { summary_analysis, transcription_details, key_points } = modelAnalysis("STORED");

  it("accepts objects and JSON strings, including doubly encoded ones", () => {
    expect(parseStoredJson(keyPointsSchema, key_points)).toEqual(key_points);
    expect(parseStoredJson(keyPointsSchema, JSON.stringify(key_points))).toEqual(key_points);
    expect(parseStoredJson(summaryAnalysisSchema, JSON.stringify(JSON.stringify(summary_analysis)))).toEqual(
      summary_analysis,
    );
  });

  it("turns malformed values into null so the tab shows its empty state", () => {
    expect(parseStoredJson(keyPointsSchema, "[not json")).toBeNull();
    expect(parseStoredJson(keyPointsSchema, null)).toBeNull();
    expect(parseStoredJson(keyPointsSchema, "{}")).toBeNull();
    expect(parseStoredJson(summaryAnalysisSchema, { overview: "only this" })).toBeNull();
  });

  it("reads a stored row column by column", () => {
    const row = {
      key_points: JSON.stringify(key_points),
      summary_analysis: "{broken",
      transcription_details,
      enhanced_key_points: JSON.stringify([{ text: "A point", kind: "point", speaker: null, timestamp: "01:02" }]),
    };
    expect(readStoredAnalysis(row)).toEqual({
      key_points,
      summary_analysis: null,
      transcription_details,
      enhanced_key_points: [{ text: "A point", kind: "point", speaker: null, timestamp: "01:02" }],
    });
  });
});

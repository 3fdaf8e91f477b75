import { describe, expect, it } from "vitest";
import { exportTranscription } from "./index";
import { empty, meeting, textOnly } from "./test-fixtures";
import { textOf } from "./test-helpers";

describe("TXT", () => {
  it("is the transcript, one line per segment, with its marker and the speaker", async () => {
    const result = await exportTranscription(meeting, "txt");
    expect(result.contentType).toBe("text/plain; charset=utf-8");
    expect(textOf(result).split("\n")).toEqual([
      "[00:00] Sarah Chen: Okay, let's get started with the Q3 planning sync.",
      '[00:04] Marcus Okafor: The offline sync is behind, and "flaky" is generous.',
      "[00:09] Priya Raman: Make the upload idempotent --> one request ID per order, <b>not</b> two & never three.",
      "[00:15] Sarah Chen: So the code freeze moves from August 8th to August 15th.",
      "[01:01] Marcus Okafor: Agreed, a one-week slip, by the way.",
      "[01:06] =SUM(A1:A3) is what finance asked for.",
      "",
    ]);
  });

  it("from text alone keeps every line, unmarked ones too, and minutes past 59", async () => {
    expect(textOf(await exportTranscription(textOnly, "txt"))).toBe(
      [
        "Welcome, everyone.",
        "[00:03] First item.",
        "[00:03] Second line in the same second.",
        "[00:05] Third, right after.",
        "A note without a marker.",
        "[65:09] An hour later.",
        "[125:30] Two hours in.",
        "",
      ].join("\n"),
    );
  });
});

describe("JSON", () => {
  it("holds the transcription's fields, its segments and its analysis as they are", async () => {
    const result = await exportTranscription(meeting, "json");
    expect(result.contentType).toBe("application/json; charset=utf-8");
    expect(JSON.parse(textOf(result))).toEqual({
      id: meeting.id,
      name: "Atlas Q3 planning",
      fileName: "atlas-sync.m4a",
      createdAt: "2025-03-14T09:26:53.000Z",
      status: "COMPLETED",
      language: "en",
      duration: 95.5,
      summary: meeting.summary,
      keyPoints: meeting.keyPoints,
      summaryAnalysis: meeting.summaryAnalysis,
      details: meeting.details,
      formattedTranscript: meeting.formattedTranscript,
      text: meeting.text,
      segments: meeting.segments,
    });
  });

  it("keeps missing analysis as null rather than dropping the field", async () => {
    const data = JSON.parse(textOf(await exportTranscription(empty, "json")));
    expect(data).toMatchObject({
      summary: null,
      keyPoints: null,
      summaryAnalysis: null,
      details: null,
      segments: null,
    });
  });
});

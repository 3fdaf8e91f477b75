import { parseText, tokenizeVTTCue, type VTTNode } from "media-captions";
import srtValidator from "srt-validator";
import { describe, expect, it } from "vitest";
import { WebVTTParser } from "webvtt-parser";
import { exportTranscription } from "./index";
import { meeting, multilingual, textOnly, threeHourMeeting } from "./test-fixtures";
import { textOf } from "./test-helpers";
import type { ExportDoc } from "./types";

// Three independent readers: srt-validator checks SRT against its spec, webvtt-parser is a WebVTT validator, and
// media-captions is the caption engine of the Vidstack player.

const srtOf = async (doc: ExportDoc) => textOf(await exportTranscription(doc, "srt"));
const vttOf = async (doc: ExportDoc) => textOf(await exportTranscription(doc, "vtt"));

function plainText(nodes: VTTNode[]): string {
  return nodes.map((node) => (node.type === "text" ? node.data : plainText(node.children))).join("");
}

describe("the validators used here", () => {
  it("reject what real players reject", () => {
    expect(srtValidator("1\n00:00:01.000 --> 00:00:02,000\nDot instead of comma\n")).not.toEqual([]);
    expect(srtValidator("1\n00:00:03,000 --> 00:00:02,000\nEnds before it starts\n")).not.toEqual([]);
    expect(new WebVTTParser().parse("WEBVTT\n\n00:00:01,000 --> 00:00:02.000\nComma\n").errors).not.toEqual([]);
    expect(new WebVTTParser().parse("00:00:01.000 --> 00:00:02.000\nNo header\n").errors).not.toEqual([]);
  });
});

describe("SRT", () => {
  it("is valid, with one cue per segment at the segment's own times and the speaker in front", async () => {
    const srt = await srtOf(meeting);
    expect(srtValidator(srt)).toEqual([]);
    const { cues, errors } = await parseText(srt, { type: "srt", strict: true });
    expect(errors).toEqual([]);
    const segments = meeting.segments ?? [];
    expect(cues.map((c) => [c.startTime, c.endTime])).toEqual(segments.map((s) => [s.start, s.end]));
    expect(cues[0]?.text).toBe("Sarah Chen: Okay, let's get started with the Q3 planning sync.");
    expect(cues[3]?.text).toBe("Sarah Chen: So the code freeze moves from August 8th\nto August 15th.");
    expect(cues[5]?.text).toBe("=SUM(A1:A3) is what finance asked for.");
    expect(srt).toMatch(/^1\n00:00:00,400 --> 00:00:04,250\n/);
  });

  it("keeps a cue's text from ending the cue or faking a timing line", async () => {
    const { cues } = await parseText(await srtOf(meeting), { type: "srt", strict: true });
    expect(cues[2]?.text).toContain("idempotent -> one request ID");
    expect(cues).toHaveLength(6);
  });

  it("from text alone: 5 s cues cut at the next line, shared seconds merged, unmarked lines dropped", async () => {
    const srt = await srtOf(textOnly);
    expect(srtValidator(srt)).toEqual([]);
    const { cues, errors } = await parseText(srt, { type: "srt", strict: true });
    expect(errors).toEqual([]);
    expect(cues.map((c) => [c.startTime, c.endTime, c.text])).toEqual([
      [3, 5, "First item.\nSecond line in the same second."],
      [5, 10, "Third, right after."],
      [3909, 3914, "An hour later."],
      [7530, 7535, "Two hours in."],
    ]);
    expect(srt).not.toContain("Welcome");
    expect(srt).not.toContain("without a marker");
    expect(srt).toContain("01:05:09,000 --> 01:05:14,000");
  });

  it("stays valid for a three-hour transcript", async () => {
    const doc = threeHourMeeting();
    const srt = await srtOf(doc);
    expect(srtValidator(srt)).toEqual([]);
    const { cues } = await parseText(srt, { type: "srt", strict: true });
    expect(cues).toHaveLength(2200);
    expect(cues.at(-1)?.endTime).toBeCloseTo(doc.segments?.at(-1)?.end ?? 0, 3);
  });
});

describe("WebVTT", () => {
  it("is valid, with one cue per segment at the segment's own times and the speaker as a voice", async () => {
    const vtt = await vttOf(meeting);
    const parsed = new WebVTTParser().parse(vtt, "subtitles");
    expect(parsed.errors).toEqual([]);
    const segments = meeting.segments ?? [];
    expect(parsed.cues.map((c) => [c.startTime, c.endTime])).toEqual(segments.map((s) => [s.start, s.end]));

    const player = await parseText(vtt, { type: "vtt", strict: true });
    expect(player.errors).toEqual([]);
    const nodes = player.cues.map((cue) => tokenizeVTTCue(cue));
    expect(nodes[0]?.[0]).toMatchObject({ type: "v", voice: "Sarah Chen" });
    expect(plainText(nodes[2] ?? [])).toBe(
      "Make the upload idempotent --> one request ID per order, <b>not</b> two & never three.",
    );
    expect(nodes[5]).toEqual([{ type: "text", data: "=SUM(A1:A3) is what finance asked for." }]);
  });

  it("from text alone: the same cues as SRT", async () => {
    const parsed = new WebVTTParser().parse(await vttOf(textOnly), "subtitles");
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues.map((c) => [c.startTime, c.endTime, c.text])).toEqual([
      [3, 5, "First item.\nSecond line in the same second."],
      [5, 10, "Third, right after."],
      [3909, 3914, "An hour later."],
      [7530, 7535, "Two hours in."],
    ]);
  });

  it("carries speakers in every script", async () => {
    const parsed = new WebVTTParser().parse(await vttOf(multilingual), "subtitles");
    expect(parsed.errors).toEqual([]);
    const player = await parseText(await vttOf(multilingual), { type: "vtt", strict: true });
    expect(player.cues.map((cue) => tokenizeVTTCue(cue)[0])).toMatchObject(
      ["Zoë Müller", "田中", "Layla", "Noa"].map((voice) => ({ type: "v", voice })),
    );
  });

  it("stays valid for a three-hour transcript", async () => {
    const parsed = new WebVTTParser().parse(await vttOf(threeHourMeeting()), "subtitles");
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues).toHaveLength(2200);
  });
});

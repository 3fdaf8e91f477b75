import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { exportTranscription } from "./index";
import { meeting, textOnly } from "./test-fixtures";
import { textOf } from "./test-helpers";
import type { ExportDoc } from "./types";

const csvOf = async (doc: ExportDoc) => textOf(await exportTranscription(doc, "csv"));
// csv-parse in its strict defaults: a stray quote or a short row is an error, not a guess.
const rows = (csv: string) => parse(csv, { bom: true, record_delimiter: "\r\n" }) as string[][];

describe("CSV", () => {
  it("has the spec's header and one row per line, with quotes, commas and line breaks inside fields intact", async () => {
    const csv = await csvOf(meeting);
    expect(rows(csv)).toEqual([
      ["Timestamp", "Text"],
      ["00:00", "Sarah Chen: Okay, let's get started with the Q3 planning sync."],
      ["00:04", 'Marcus Okafor: The offline sync is behind, and "flaky" is generous.'],
      ["00:09", "Priya Raman: Make the upload idempotent --> one request ID per order, <b>not</b> two & never three."],
      ["00:15", "Sarah Chen: So the code freeze moves from August 8th\nto August 15th."],
      ["01:01", "Marcus Okafor: Agreed, a one-week slip, by the way."],
      ["01:06", "'=SUM(A1:A3) is what finance asked for."],
    ]);
  });

  it("ends every record with CRLF, doubles quotes, and starts with a byte-order mark for Excel", async () => {
    const csv = await csvOf(meeting);
    expect(csv.startsWith("\uFEFFTimestamp,Text\r\n")).toBe(true);
    expect(csv).toContain('"Marcus Okafor: The offline sync is behind, and ""flaky"" is generous."\r\n');
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.split("\r\n")).toHaveLength(8);
  });

  it("gives lines without a marker an empty timestamp and keeps minutes past 59", async () => {
    expect(rows(await csvOf(textOnly))).toEqual([
      ["Timestamp", "Text"],
      ["", "Welcome, everyone."],
      ["00:03", "First item."],
      ["00:03", "Second line in the same second."],
      ["00:05", "Third, right after."],
      ["", "A note without a marker."],
      ["65:09", "An hour later."],
      ["125:30", "Two hours in."],
    ]);
  });
});

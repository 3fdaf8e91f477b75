import mammoth from "mammoth";
import { describe, expect, it } from "vitest";
import { exportTranscription } from "./index";
import { empty, meeting, threeHourMeeting } from "./test-fixtures";
import { bytesOf } from "./test-helpers";
import type { ExportDoc } from "./types";

/** The document's text as mammoth (a .docx reader) extracts it, one paragraph a line. */
async function docxText(doc: ExportDoc): Promise<string[]> {
  const bytes = bytesOf(await exportTranscription(doc, "docx"));
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return value.split(/\n+/).filter(Boolean);
}

/** The document as mammoth converts it to HTML, which shows headings and lists. */
async function docxHtml(doc: ExportDoc): Promise<string> {
  const bytes = bytesOf(await exportTranscription(doc, "docx"));
  return (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
}

describe("DOCX", () => {
  it("reads, in order: title, date, duration, summary, key points, action items, then the timed transcript", async () => {
    expect(await docxText(meeting)).toEqual([
      "Atlas Q3 planning",
      "Date: March 14, 2025 at 9:26 AM UTC",
      "Duration: 1:36",
      "Language: English",
      "Summary",
      "The team agreed to move the Atlas 2.4 code freeze by one week.",
      "The Adyen migration stays on schedule.",
      "Key Points",
      "Offline sync fails on network switches",
      "Code freeze moves to August 15th",
      "Action Items",
      "Marcus to add client-generated request IDs",
      "Priya to rerun the sync tests on iOS",
      "Transcript",
      "[00:00]\tSarah Chen: Okay, let's get started with the Q3 planning sync.",
      '[00:04]\tMarcus Okafor: The offline sync is behind, and "flaky" is generous.',
      "[00:09]\tPriya Raman: Make the upload idempotent --> one request ID per order, <b>not</b> two & never three.",
      // mammoth's raw text drops line breaks inside a paragraph; the HTML test below sees this one.
      "[00:15]\tSarah Chen: So the code freeze moves from August 8thto August 15th.",
      "[01:01]\tMarcus Okafor: Agreed, a one-week slip, by the way.",
      "[01:06]\t=SUM(A1:A3) is what finance asked for.",
    ]);
  });

  it("writes its headings, facts and dates in the reader's interface language", async () => {
    const text = await docxText({ ...meeting, locale: "es" });
    expect(text.slice(0, 5)).toEqual([
      "Atlas Q3 planning",
      "Fecha: 14 de marzo de 2025 a las 9:26 UTC",
      "Duración: 1:36",
      "Idioma: Inglés",
      "Resumen",
    ]);
    expect(text).toContain("Puntos clave");
    expect(text).toContain("Tareas");
    expect(text).toContain("Transcripción");
    // The transcript stays as spoken.
    expect(text).toContain("[00:00]\tSarah Chen: Okay, let's get started with the Q3 planning sync.");
    expect((await docxText({ ...meeting, locale: "de" }))[4]).toBe("Zusammenfassung");
    expect((await docxText({ ...meeting, locale: "xx" }))[4]).toBe("Summary");
  });

  it("uses real headings and bullet lists", async () => {
    const html = await docxHtml(meeting);
    expect(html).toContain("<h1>Summary</h1>");
    expect(html).toContain("<h1>Key Points</h1><ul><li>Offline sync fails on network switches</li>");
    expect(html).toContain("<h1>Action Items</h1><ul><li>Marcus to add client-generated request IDs</li>");
    expect(html).toContain("<p>[00:00]\t<strong>Sarah Chen: </strong>Okay, let's get started");
    expect(html).toContain("So the code freeze moves from August 8th<br />to August 15th.</p>");
  });

  it("says so when there is no transcript, and leaves out empty sections", async () => {
    expect(await docxText(empty)).toEqual([
      "recording.mp3",
      "Date: March 14, 2025 at 9:26 AM UTC",
      "Transcript",
      "No transcript available.",
    ]);
  });

  it("holds every line of a three-hour transcript", async () => {
    const doc = threeHourMeeting();
    const text = await docxText(doc);
    const transcript = text.slice(text.indexOf("Transcript") + 1);
    expect(transcript).toHaveLength(2200);
    expect(transcript.at(-1)).toBe(`[179:55]\t${doc.segments?.at(-1)?.speaker}: ${doc.segments?.at(-1)?.text}`);
  });
});

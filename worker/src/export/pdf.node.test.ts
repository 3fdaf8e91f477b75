import { describe, expect, it } from "vitest";
import { diskFonts } from "../../test/fonts";
import { pdfPageCount, pdfText, pdfWords, renderPage } from "../../test/poppler";
import { exportTranscription } from "./index";
import { empty, hindi, meeting, multilingual, threeHourMeeting } from "./test-fixtures";
import { bytesOf } from "./test-helpers";
import type { ExportDoc } from "./types";

const pdfOf = async (doc: ExportDoc) => bytesOf(await exportTranscription(doc, "pdf", { fonts: diskFonts }));

/** pdftotext's layout mode, one space for any run of whitespace and without its bidi embedding marks. */
function layoutText(pdf: Uint8Array): string {
  return pdfText(pdf)
    .replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, "")
    .replace(/\s+/g, " ");
}

function expectInOrder(text: string, needles: string[]): void {
  let from = 0;
  for (const needle of needles) {
    const at = text.indexOf(needle, from);
    expect(at, `"${needle}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + needle.length;
  }
}

describe("PDF", () => {
  it("reads, in order: title, date, duration, summary, key points, action items, then the timed transcript", async () => {
    const pdf = await pdfOf(meeting);
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
    expectInOrder(layoutText(pdf), [
      "Atlas Q3 planning",
      "Date: March 14, 2025",
      "9:26 AM UTC",
      "Duration: 1:36",
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
      "[00:00] Sarah Chen: Okay, let's get started with the Q3 planning sync.",
      '[00:04] Marcus Okafor: The offline sync is behind, and "flaky" is generous.',
      "[00:09] Priya Raman: Make the upload idempotent --> one request ID per order, <b>not</b> two & never three.",
      "[00:15] Sarah Chen: So the code freeze moves from August 8th to August 15th.",
      "[01:01] Marcus Okafor: Agreed, a one-week slip, by the way.",
      "[01:06] =SUM(A1:A3) is what finance asked for.",
    ]);
  });

  it("writes its headings, facts and page footer in the reader's interface language", async () => {
    const text = layoutText(await pdfOf({ ...meeting, locale: "fr" }));
    expectInOrder(text, [
      "Atlas Q3 planning",
      "Date: 14 mars 2025",
      "Durée: 1:36",
      "Résumé",
      "Points clés",
      "Actions à mener",
      "Transcription",
      "[00:00] Sarah Chen: Okay, let's get started",
      "Page 1 sur 1",
    ]);
  });

  it("draws every word: each word's box on the rendered page has ink in it", async () => {
    for (const doc of [meeting, multilingual, hindi]) {
      const pdf = await pdfOf(doc);
      const page = renderPage(pdf, 1);
      const words = pdfWords(pdf).filter((w) => w.page === 1);
      expect(words.length).toBeGreaterThan(40);
      const blank = words.filter((w) => {
        for (let y = Math.floor(w.yMin); y < Math.ceil(w.yMax); y++) {
          for (let x = Math.floor(w.xMin); x < Math.ceil(w.xMax); x++) {
            if ((page.pixels[y * page.width + x] ?? 255) < 220) return false;
          }
        }
        return true;
      });
      expect(blank.map((w) => w.text)).toEqual([]);
    }
  });

  it("shapes Hindi: Devanagari conjuncts and vowel signs in the title, summary and transcript", async () => {
    const result = await exportTranscription(hindi, "pdf", { fonts: diskFonts });
    expect(result.contentType).toBe("application/pdf");
    // The words checked have no pre-base vowel sign (ि), reph or two-part vowel sign (ो): those are drawn apart from
    // their consonant, as Devanagari is written, so a text extractor reads such words out of logical order.
    expectInOrder(layoutText(bytesOf(result)), [
      "बजट बैठक — तीसरी",
      "Language: Hindi",
      "Summary",
      "टीम ने बजट और समय-सीमा पर",
      "Key Points",
      "बजट की समीक्षा",
      "Transcript",
      "[00:00]",
      "नमस्ते, आज हम बजट की समीक्षा करेंगे।",
      "[00:06] राहुल: क्या ज़रूरी काम अगले हफ़्ते तक पूरे",
    ]);
  });

  it("says so when there is no transcript, and leaves out empty sections", async () => {
    const text = layoutText(await pdfOf(empty));
    expectInOrder(text, ["recording.mp3", "Date: March 14, 2025", "Transcript", "No transcript available."]);
    expect(text).not.toContain("Summary");
    expect(text).not.toContain("Key Points");
    expect(text).not.toContain("Duration");
  });

  it("wraps and breaks pages for a three-hour transcript: every line, in order, inside the margins, none overlapping", async () => {
    const doc = threeHourMeeting();
    const pdf = await pdfOf(doc);
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(60);

    const text = layoutText(pdf);
    // An entry cut by a page break reads on after the footer between the pages.
    const flowing = text.replace(/ Page \d+ of \d+ /g, " ");
    const segments = doc.segments ?? [];
    expectInOrder(
      flowing,
      segments.flatMap((s) => {
        const minutes = Math.floor(s.start / 60);
        const seconds = Math.floor(s.start % 60);
        const time = `[${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}]`;
        return [`${time} ${s.speaker}: ${s.text}`];
      }),
    );
    expect(text).toContain(`Page ${pages} of ${pages}`);

    const margin = 56;
    const words = pdfWords(pdf);
    const footer = (w: (typeof words)[number]) => w.yMin > w.pageHeight - margin && /^(Page|of|\d+)$/.test(w.text);
    const outside = words.filter(
      (w) =>
        !footer(w) &&
        (w.xMin < margin - 0.5 ||
          w.xMax > w.pageWidth - margin + 0.5 ||
          w.yMin < margin - 4 ||
          w.yMax > w.pageHeight - margin + 0.5),
    );
    expect(outside).toEqual([]);

    const overlapping: string[] = [];
    for (let p = 1; p <= pages; p++) {
      const onPage = words.filter((w) => w.page === p).sort((a, b) => a.yMin - b.yMin);
      onPage.forEach((a, i) => {
        for (const b of onPage.slice(i + 1)) {
          if (b.yMin >= a.yMax) break;
          if (a.xMin < b.xMax - 0.1 && b.xMin < a.xMax - 0.1) overlapping.push(`${a.text}/${b.text} on page ${p}`);
        }
      });
    }
    expect(overlapping).toEqual([]);
  });
});

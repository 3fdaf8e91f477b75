import { env } from "cloudflare:test";
import { EXPORT_FORMAT_VALUES } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { type ExportFormat, exportTranscription, r2Fonts, zipExports } from "./index";
import { hindi, meeting, multilingual } from "./test-fixtures";
import { bytesOf } from "./test-helpers";

// The same generators inside workerd, the runtime that serves them: the fonts come from R2 (test/seed-fonts.ts puts
// them there), and nothing may lean on Node. The formats' content is checked by independent tools in the
// *.node.test.ts files.

const fonts = r2Fonts(env.MEDIA);
const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);
const utf8 = (bytes: Uint8Array) => new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);

const looksRight: Record<ExportFormat, (bytes: Uint8Array) => boolean> = {
  txt: (b) => utf8(b).startsWith("[00:0"),
  srt: (b) => /^1\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}\n/.test(utf8(b)),
  vtt: (b) => /^WEBVTT\n\n\d\d:\d\d:\d\d\.\d{3} --> /.test(utf8(b)),
  csv: (b) => utf8(b).startsWith("\uFEFFTimestamp,Text\r\n"),
  json: (b) => typeof JSON.parse(utf8(b)).id === "string",
  pdf: (b) => latin1(b.subarray(0, 5)) === "%PDF-" && latin1(b.subarray(-6)).includes("%%EOF"),
  docx: (b) => latin1(b.subarray(0, 4)) === "PK\x03\x04" && latin1(b.subarray(0, 4096)).includes("word/document.xml"),
};

describe("exports in workerd", () => {
  for (const format of EXPORT_FORMAT_VALUES) {
    it(`renders ${format}, Japanese, Arabic, Hebrew and Hindi included`, async () => {
      for (const doc of [meeting, multilingual, hindi]) {
        const result = await exportTranscription(doc, format, { fonts });
        expect(result.extension).toBe(format);
        expect(looksRight[format](bytesOf(result))).toBe(true);
      }
    });
  }

  it("streams a ZIP of several exports", async () => {
    async function* entries() {
      for (const format of ["txt", "pdf"] as const) {
        const result = await exportTranscription(meeting, format, { fonts });
        yield { name: `Atlas_transcript.${result.extension}`, body: result.body };
      }
    }
    const zip = new Uint8Array(await new Response(await zipExports(entries())).arrayBuffer());
    expect(latin1(zip.subarray(0, 4))).toBe("PK\x03\x04");
    // The end-of-central-directory record closes the archive and counts its entries.
    const end = zip.subarray(-22);
    expect(latin1(end.subarray(0, 4))).toBe("PK\x05\x06");
    expect(new DataView(end.buffer, end.byteOffset).getUint16(10, true)).toBe(2);
  });
});

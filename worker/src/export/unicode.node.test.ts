import { EXPORT_FORMAT_VALUES } from "@verbatim/shared";
import { parse } from "csv-parse/sync";
import mammoth from "mammoth";
import { parseText, tokenizeVTTCue, type VTTNode } from "media-captions";
import { describe, expect, it } from "vitest";
import { diskFonts } from "../../test/fonts";
import { pdfText } from "../../test/poppler";
import { type ExportFormat, exportTranscription } from "./index";
import { multilingual } from "./test-fixtures";
import { bytesOf, textOf } from "./test-helpers";

const plain = (nodes: VTTNode[]): string =>
  nodes.map((node) => (node.type === "text" ? node.data : plain(node.children))).join("");

/** What a person sees of the export, read back by a tool made for the format. */
const readBack: Record<ExportFormat, (bytes: Uint8Array, text: string) => Promise<string>> = {
  txt: async (_, text) => text,
  srt: async (_, text) => (await parseText(text, { type: "srt", strict: true })).cues.map((c) => c.text).join("\n"),
  vtt: async (_, text) =>
    (await parseText(text, { type: "vtt", strict: true })).cues
      .map((cue) => {
        const [voice] = tokenizeVTTCue(cue);
        return `${voice?.type === "v" ? `${voice.voice}: ` : ""}${plain(tokenizeVTTCue(cue))}`;
      })
      .join("\n"),
  csv: async (_, text) => (parse(text, { bom: true }) as string[][]).map((row) => row.join(" ")).join("\n"),
  json: async (_, text) => {
    const data = JSON.parse(text) as typeof multilingual;
    return [data.name, ...(data.segments ?? []).map((s) => `${s.speaker}: ${s.text}`)].join("\n");
  },
  pdf: async (bytes) => pdfText(bytes).replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, ""),
  docx: async (bytes) => (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value,
};

describe("accents, Japanese, Arabic and Hebrew", () => {
  for (const format of EXPORT_FORMAT_VALUES) {
    it(`survive ${format}`, async () => {
      const result = await exportTranscription(multilingual, format, { fonts: diskFonts });
      const binary = format === "pdf" || format === "docx";
      const seen = await readBack[format](bytesOf(result), binary ? "" : textOf(result));
      expect(seen).toContain("Zoë Müller: Café, naïve façade, Ærø — déjà vu in Zürich.");
      expect(seen).toContain("田中: 日本語の会議を始めましょう。今日は予算について話します。");
      expect(seen).toContain("مرحبا بالعالم");
      expect(seen).toContain("שלום עולם");
      if (format === "pdf" || format === "docx" || format === "json")
        expect(seen).toContain("Réunion Zürich — 日本語の会議");
    });
  }
});

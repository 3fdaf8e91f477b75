import { toCsv } from "./csv";
import type { FontSource } from "./fonts/source";
import { toJson } from "./json";
import { toSrt } from "./srt";
import { toTxt } from "./txt";
import type { ExportDoc, ExportFormat, ExportResult } from "./types";
import { toVtt } from "./vtt";

export { contentDisposition, exportFileName } from "./filename";
export { FONTS_PREFIX, type FontSource, MissingFontError, r2Fonts } from "./fonts/source";
export type { ExportDoc, ExportFormat, ExportResult } from "./types";
export { type ZipEntry, type ZipItem, zipExports } from "./zip";

const utf8 = new TextEncoder();

export interface ExportOptions {
  /** Where PDFs get their fonts: r2Fonts(env.MEDIA) in the Worker. Only the PDF format reads it. */
  fonts?: FontSource;
}

type Render = (doc: ExportDoc, options: ExportOptions) => string | Promise<Uint8Array>;

// pdf-lib with fontkit, and docx, are most of this module's script: each loads on the first export in its format.
async function pdf(doc: ExportDoc, { fonts }: ExportOptions): Promise<Uint8Array> {
  if (!fonts) throw new Error("A PDF export needs a font source (ExportOptions.fonts)");
  const { toPdf } = await import("./pdf");
  return toPdf(doc, fonts);
}

async function docx(doc: ExportDoc): Promise<Uint8Array> {
  const { toDocx } = await import("./docx");
  return toDocx(doc);
}

const FORMATS: Record<ExportFormat, { contentType: string; render: Render }> = {
  txt: { contentType: "text/plain; charset=utf-8", render: toTxt },
  srt: { contentType: "application/x-subrip; charset=utf-8", render: toSrt },
  vtt: { contentType: "text/vtt; charset=utf-8", render: toVtt },
  csv: { contentType: "text/csv; charset=utf-8", render: toCsv },
  json: { contentType: "application/json; charset=utf-8", render: toJson },
  pdf: { contentType: "application/pdf", render: pdf },
  docx: { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", render: docx },
};

export async function exportTranscription(
  doc: ExportDoc,
  format: ExportFormat,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const { contentType, render } = FORMATS[format];
  const rendered = await render(doc, options);
  return { body: typeof rendered === "string" ? utf8.encode(rendered) : rendered, contentType, extension: format };
}

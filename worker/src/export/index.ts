import { toCsv } from "./csv";
import { toDocx } from "./docx";
import { toJson } from "./json";
import { toPdf } from "./pdf";
import { toSrt } from "./srt";
import { toTxt } from "./txt";
import type { ExportDoc, ExportFormat, ExportResult } from "./types";
import { toVtt } from "./vtt";

export { contentDisposition, exportFileName } from "./filename";
export { EXPORT_FORMATS, type ExportDoc, type ExportFormat, type ExportResult } from "./types";
export { type ZipEntry, type ZipItem, zipExports } from "./zip";

const utf8 = new TextEncoder();

const FORMATS: Record<ExportFormat, { contentType: string; render: (doc: ExportDoc) => string | Promise<Uint8Array> }> =
  {
    txt: { contentType: "text/plain; charset=utf-8", render: toTxt },
    srt: { contentType: "application/x-subrip; charset=utf-8", render: toSrt },
    vtt: { contentType: "text/vtt; charset=utf-8", render: toVtt },
    csv: { contentType: "text/csv; charset=utf-8", render: toCsv },
    json: { contentType: "application/json; charset=utf-8", render: toJson },
    pdf: { contentType: "application/pdf", render: toPdf },
    docx: { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", render: toDocx },
  };

export async function exportTranscription(doc: ExportDoc, format: ExportFormat): Promise<ExportResult> {
  const { contentType, render } = FORMATS[format];
  const rendered = await render(doc);
  return { body: typeof rendered === "string" ? utf8.encode(rendered) : rendered, contentType, extension: format };
}

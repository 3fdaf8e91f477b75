import { EXPORT_FORMAT_VALUES, type Transcription } from "@verbatim/shared/transcription";
import { api } from "@/lib/api";
import { downloadFrom } from "@/lib/download";

/** A format the export API renders. */
export type ExportFormat = (typeof EXPORT_FORMAT_VALUES)[number];

/** Where each format stands in the menu, documents first (typed: no format is missed). */
const MENU_RANK: Record<ExportFormat, number> = { pdf: 0, docx: 1, txt: 2, csv: 3, srt: 4, vtt: 5, json: 6 };

/**
 * Every format the export API renders (its one list is shared's), in menu order: the one menu both the
 * dashboard and the transcript page offer (every plan may export every format).
 */
export const EXPORT_MENU: readonly ExportFormat[] = [...EXPORT_FORMAT_VALUES].sort(
  (a, b) => MENU_RANK[a] - MENU_RANK[b],
);

/** The format's name as shown; what it is for is the message export.formats.<format>. */
export const FORMAT_LABELS: Record<ExportFormat, string> = {
  pdf: "PDF",
  docx: "DOCX",
  txt: "TXT",
  csv: "CSV",
  srt: "SRT",
  vtt: "VTT",
  json: "JSON",
};

/** The name, or the file name without its extension, plus _transcript (used if the server names none). */
export function exportBaseName(t: Pick<Transcription, "name" | "file_name">) {
  const base = t.name?.trim() || t.file_name.replace(/\.[^.]+$/, "");
  return `${base}_transcript`;
}

/** GET /api/transcriptions/{id}/export?format=… → the file. */
export function exportTranscription(t: Pick<Transcription, "id" | "name" | "file_name">, format: ExportFormat) {
  return downloadFrom(
    api.transcriptions[":id"].export.$get({ param: { id: t.id }, query: { format } }),
    `${exportBaseName(t)}.${format}`,
  );
}

/** POST /api/transcriptions/export {ids, format} → one ZIP holding a file per transcription. */
export function exportTranscriptions(ids: string[], format: ExportFormat) {
  return downloadFrom(api.transcriptions.export.$post({ json: { ids, format } }), `transcriptions_${format}.zip`);
}

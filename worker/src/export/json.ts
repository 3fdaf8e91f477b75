import type { TranscriptExport } from "@verbatim/shared";
import type { ExportDoc } from "./types";

/** The transcription as data: its fields, timed segments and analysis, with nulls kept so readers see what is missing. */
export function toJson(doc: ExportDoc): string {
  const body: TranscriptExport = {
    id: doc.id,
    name: doc.name,
    fileName: doc.fileName,
    createdAt: doc.createdAt,
    status: doc.status,
    language: doc.language,
    duration: doc.duration,
    summary: doc.summary,
    keyPoints: doc.keyPoints,
    summaryAnalysis: doc.summaryAnalysis,
    details: doc.details,
    formattedTranscript: doc.formattedTranscript,
    text: doc.text,
    segments: doc.segments,
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

import type {
  EXPORT_FORMAT_VALUES,
  Segment,
  SummaryAnalysis,
  TranscriptionDetails,
  TranscriptionStatus,
} from "@verbatim/shared";

/** A format the exporter renders: the API's list (shared/src/transcription.ts). */
export type ExportFormat = (typeof EXPORT_FORMAT_VALUES)[number];

/** Everything an export may show of one transcription, already parsed from its row and its R2 transcript. */
export interface ExportDoc {
  id: string;
  name: string | null;
  fileName: string;
  /** ISO 8601. */
  createdAt: string;
  status: TranscriptionStatus;
  language: string | null;
  /** Seconds. */
  duration: number | null;
  /** Lines like "[mm:ss] sentence"; minutes may exceed 59 and some lines carry no marker. */
  text: string | null;
  /** Absolute start/end seconds; preferred over `text` when present. */
  segments: Segment[] | null;
  summary: string | null;
  keyPoints: string[] | null;
  summaryAnalysis: SummaryAnalysis | null;
  details: TranscriptionDetails | null;
  formattedTranscript: string | null;
  /** The reader's interface language (Settings › General › Language) for the documents' headings; "en" if absent. */
  locale?: string;
}

export interface ExportResult {
  body: Uint8Array | ReadableStream<Uint8Array>;
  contentType: string;
  extension: string;
}

import { z } from "zod";
import { withoutUnsafeChars } from "./text";
import { segmentSchema } from "./transcript";

export const TRANSCRIPTION_STATUSES = [
  "PENDING",
  "PROCESSING",
  "REPROCESSING",
  "COMPLETED",
  "COMPLETED_WITH_ERRORS",
  "FAILED",
] as const;
export const transcriptionStatusSchema = z.enum(TRANSCRIPTION_STATUSES);
export type TranscriptionStatus = z.infer<typeof transcriptionStatusSchema>;

/**
 * What speech recognition writes: the words as spoken (`transcribe`), or Whisper's translation of them into English
 * (`translate`, asked through POST /v1/audio/translations). A translation's `language` is its text's: "en".
 */
export const TRANSCRIPTION_TASKS = ["transcribe", "translate"] as const;
export type TranscriptionTask = (typeof TRANSCRIPTION_TASKS)[number];

/** Statuses in which the job still works and clients poll. */
export const ACTIVE_STATUSES: readonly TranscriptionStatus[] = ["PENDING", "PROCESSING", "REPROCESSING"];
/** Still being worked on: it accepts audio, its jobs run, clients poll it, a new run is refused. */
export const isActive = (status: TranscriptionStatus) => ACTIVE_STATUSES.includes(status);

/**
 * How a run ended, as the user is told (e-mail, browser notification, webhook) and shown: "completed" when the
 * transcript is there, even if the analysis after it failed (COMPLETED_WITH_ERRORS); "failed"; null while it runs.
 */
export function runOutcome(status: TranscriptionStatus): "completed" | "failed" | null {
  if (status === "COMPLETED" || status === "COMPLETED_WITH_ERRORS") return "completed";
  return status === "FAILED" ? "failed" : null;
}

/**
 * A transcription as the API returns it. Field names are the spec's. The JSON columns (key_points,
 * summary_analysis, …) are returned parsed; a client still tolerates strings (both are allowed).
 */
export const transcriptionSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    /** The team workspace it belongs to; null = its uploader's personal space (shared/src/workspaces.ts). */
    workspace_id: z.string().nullable(),
    name: z.string().nullable(),
    file_name: z.string(),
    file_path: z.string(),
    file_type: z.string(),
    file_size: z.number().nullable(),
    status: transcriptionStatusSchema,
    progress_percentage: z.number().int().min(0).max(100),
    text: z.string().nullable(),
    filtered_text: z.string().nullable(),
    summary: z.string().nullable(),
    key_points: z.unknown().nullable(),
    summary_analysis: z.unknown().nullable(),
    transcription_details: z.unknown().nullable(),
    claude_analysis: z.unknown().nullable(),
    formatted_transcript: z.string().nullable(),
    enhanced_key_points: z.unknown().nullable(),
    informative_summary: z.string().nullable(),
    error_message: z.string().nullable(),
    language: z.string().nullable(),
    duration: z.number().nullable(),
    analysis_engine: z.string().nullable(),
    /** Speaker recognition was asked for (at upload or reprocess), with the user's speaker count if given. */
    diarize: z.boolean(),
    num_speakers: z.number().int().nullable(),
    /** `translate`: the text is Whisper's English translation of the recording (TRANSCRIPTION_TASKS). */
    task: z.enum(TRANSCRIPTION_TASKS),
    /** The transcript's version (0 until one exists); the editor saves against it. */
    transcript_version: z.number().int().nonnegative(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Transcription" });
export type Transcription = z.infer<typeof transcriptionSchema>;

export const renameSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .meta({ examples: ["Weekly sync"] })
    .transform(withoutUnsafeChars)
    .pipe(z.string().trim().min(1, "Name is required").max(255, "Name is too long")),
});

/** Live status info with the job's real log lines. */
export const traceSchema = z.object({
  transcription: z.object({
    status: transcriptionStatusSchema,
    progressPercentage: z.number(),
    createdAt: z.string(),
  }),
  logs: z.array(z.string()),
  hasText: z.boolean(),
  textLength: z.number(),
});
export type Trace = z.infer<typeof traceSchema>;

/** DELETE /api/transcriptions/{id}. */
export const deletedTranscriptionSchema = z.object({ message: z.string(), id: z.string() });

export const EXPORT_FORMAT_VALUES = ["txt", "srt", "vtt", "csv", "json", "pdf", "docx"] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMAT_VALUES, {
  error: "Format must be one of txt, srt, vtt, csv, json, pdf, docx",
});

/** Bulk export: one ZIP with a file per selected transcription. */
export const bulkExportSchema = z.object({
  ids: z
    .array(z.string())
    .min(1, "Select at least one transcription")
    .max(200, "Export at most 200 transcriptions at once"),
  format: exportFormatSchema.default("txt"),
});

/** GET /api/transcriptions/{id}/export: the format, TXT when absent. */
export const exportQuerySchema = z.object({ format: exportFormatSchema.default("txt") });

/** GET /api/transcriptions/{id}/export?format=json: the transcription as data, nulls kept. */
export const transcriptExportSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  fileName: z.string(),
  createdAt: z.string(),
  status: transcriptionStatusSchema,
  language: z.string().nullable(),
  duration: z.number().nullable(),
  summary: z.string().nullable(),
  keyPoints: z.unknown(),
  summaryAnalysis: z.unknown(),
  details: z.unknown(),
  formattedTranscript: z.string().nullable(),
  text: z.string().nullable(),
  segments: z.array(segmentSchema).nullable(),
});
export type TranscriptExport = z.infer<typeof transcriptExportSchema>;

import { z } from "zod";
import { SPEECH_LANGUAGE_CODES } from "./languages";
import { SPEAKER_COUNT } from "./speakers";

// Upload rules, shared so the browser and the API refuse the same files with the same words. Where they
// differ from the spec: docs/deviations-from-the-spec.md.
export const MAX_UPLOAD_BYTES = 500 * 1024 * 1024;
export const LARGE_FILE_BYTES = 200 * 1024 * 1024;
/** Multipart (resumable) uploads reach the marketing promise: 5 GB, 10 hours. */
export const MAX_MULTIPART_BYTES = 5 * 1024 * 1024 * 1024;

export const FILE_EMPTY = "File cannot be empty";
export const FILE_TOO_LARGE = "File size must be less than 500MB";
export const FILE_UNSUPPORTED = "Supported formats: MP3, MP4, WAV, M4A, AAC, FLAC, WEBM, OGG, MOV, AVI";

export const ACCEPTED_MIME_TYPES = [
  "audio/mp3",
  "audio/mpeg",
  "audio/wav",
  "audio/ogg",
  "audio/webm",
  "audio/m4a",
  "audio/x-m4a",
  "audio/aac",
  "audio/flac",
  "video/mp4",
  "video/webm",
  "video/ogg",
  "video/quicktime",
  "video/x-msvideo",
] as const;
export const ACCEPTED_EXTENSIONS = [
  ".mp3",
  ".wav",
  ".ogg",
  ".m4a",
  ".aac",
  ".flac",
  ".mp4",
  ".webm",
  ".mov",
  ".avi",
] as const;

/**
 * The accepted formats as people name them ("MP3", "MOV"): the one list every page that names the formats shows
 * (the landing page, its FAQ), so no page promises a format the upload refuses.
 */
export const ACCEPTED_FORMAT_NAMES: readonly string[] = ACCEPTED_EXTENSIONS.map((ext) => ext.slice(1).toUpperCase());

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot).toLowerCase();
}

const TYPE_BY_EXTENSION: Record<string, string> = {
  ".mp3": "audio/mpeg",
  ".wav": "audio/wav",
  ".ogg": "audio/ogg",
  ".oga": "audio/ogg",
  ".opus": "audio/ogg",
  ".m4a": "audio/mp4",
  ".aac": "audio/aac",
  ".flac": "audio/flac",
  ".wma": "audio/x-ms-wma",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".mov": "video/quicktime",
  ".avi": "video/x-msvideo",
  ".ogv": "video/ogg",
  ".mpeg": "video/mpeg",
  ".mpg": "video/mpeg",
  ".3gp": "video/3gpp",
  ".mts": "video/mp2t",
  ".ts": "video/mp2t",
  ".mkv": "video/x-matroska",
};

/** The declared type, or one inferred from the extension when the client sent none or a generic one. */
export function mediaTypeOf(fileName: string, declared: string) {
  const type = declared.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type && type !== "application/octet-stream") return type;
  return TYPE_BY_EXTENSION[extensionOf(fileName)] ?? (type || "application/octet-stream");
}

/** The spec's rule: the type OR the extension must be on the list. */
export function isAcceptedMedia(fileName: string, mimeType: string): boolean {
  const type = mimeType.split(";")[0]?.trim().toLowerCase() ?? "";
  return (
    (ACCEPTED_MIME_TYPES as readonly string[]).includes(type) ||
    (ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(fileName))
  );
}

/** Returns the spec's message for a file that may not be uploaded, or null when it may. */
export function uploadProblem(file: { name: string; size: number; type: string }, maxBytes = MAX_UPLOAD_BYTES) {
  if (file.size === 0) return FILE_EMPTY;
  if (file.size > maxBytes) return FILE_TOO_LARGE;
  if (!isAcceptedMedia(file.name, file.type)) return FILE_UNSUPPORTED;
  return null;
}

export const LANGUAGE_UNKNOWN = "Language must be a language code such as en, de or fr";
export const speechLanguageSchema = z.enum(SPEECH_LANGUAGE_CODES, { error: LANGUAGE_UNKNOWN });

export const SPEAKER_COUNT_INVALID = `Number of speakers must be a whole number from ${SPEAKER_COUNT.min} to ${SPEAKER_COUNT.max}`;
/** How many people speak, when the user knows (a hint for speaker recognition). */
export const speakerCountSchema = z.coerce
  .number({ error: SPEAKER_COUNT_INVALID })
  .int(SPEAKER_COUNT_INVALID)
  .min(SPEAKER_COUNT.min, SPEAKER_COUNT_INVALID)
  .max(SPEAKER_COUNT.max, SPEAKER_COUNT_INVALID);

/**
 * Speaker recognition, asked for at upload (form fields or JSON) and at reprocess. `num_speakers` without
 * `diarize` is refused rather than ignored, so a client bug can't silently drop the user's choice.
 */
export const speakerOptionsSchema = z.object({
  diarize: z.boolean().default(false),
  num_speakers: speakerCountSchema.nullable().optional(),
});
export type SpeakerOptions = z.input<typeof speakerOptionsSchema>;
export const SPEAKER_COUNT_WITHOUT_DIARIZE =
  "Number of speakers applies only with speaker recognition on (diarize=true)";

/** POST /api/uploads/{id}/complete (body optional): speaker recognition for the finished upload. */
export const completeUploadSchema = speakerOptionsSchema;

/** POST /api/google/meetings/{eventId}/recording (body optional): speaker recognition for the import. */
export const recordingImportOptionsSchema = speakerOptionsSchema;

export const createMultipartSchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .meta({ examples: ["all-hands.mp4"] }),
  fileType: z
    .string()
    .max(255)
    .default("")
    .meta({ examples: ["video/mp4"] }),
  size: z
    .number()
    .int()
    .positive(FILE_EMPTY)
    .max(MAX_MULTIPART_BYTES, "File size must be less than 5GB")
    .meta({ examples: [734003200] }),
});

/** POST /api/uploads and GET /api/uploads/{id}: the upload and the parts the server already holds. */
export const resumableUploadSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  partSize: z.number().int(),
  partCount: z.number().int(),
  parts: z.array(z.object({ partNumber: z.number().int(), size: z.number().int() })),
});
export type ResumableUpload = z.infer<typeof resumableUploadSchema>;

export const createChunkedSchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .meta({ examples: ["weekly-sync.mp3"] }),
  fileType: z
    .string()
    .max(255)
    .default("")
    .meta({ examples: ["audio/mpeg"] }),
  /** Total chunks the client will send; may be given later when sealing. */
  chunks: z.number().int().positive().max(10_000).optional(),
  /** The spoken language's code; left out, it is detected. */
  language: speechLanguageSchema.optional(),
  ...speakerOptionsSchema.shape,
});

export const sealChunksSchema = z.object({ chunks: z.number().int().positive().max(10_000) });

/** POST /api/transcriptions/upload: a multipart form, streamed (the file part is never held whole). */
export const uploadFormSchema = z.object({
  file: z.file().describe("The recording; its first bytes must be audio or video"),
  name: z.string().max(255).optional().describe("A title; the file name when absent"),
  language: speechLanguageSchema
    .optional()
    .describe("The spoken language's code (en, de, …); detected from the recording when absent"),
  diarize: z.enum(["true", "false"]).optional().describe("Tell speakers apart (speaker recognition)"),
  num_speakers: z
    .string()
    .optional()
    .describe(`How many people speak, ${SPEAKER_COUNT.min}–${SPEAKER_COUNT.max}, when known`),
  size: z
    .string()
    .optional()
    .describe(
      "The file's length in bytes: sent before the file, it is stored as it arrives, and refused if longer or shorter",
    ),
});

/** Raw bytes as a request body (chunks, parts, playback media) or a file as a response. */
export const binarySchema = z.file();

/** PUT /api/transcriptions/{id}/chunks/{idx}: the chunk's offset in the whole recording. */
export const chunkQuerySchema = z.object({
  start: z.coerce.number().min(0, "start must be a non-negative offset in seconds"),
});
export const chunkReceiptSchema = z.object({ idx: z.number().int(), start: z.number() });

/** PUT /api/transcriptions/{id}/media. */
export const mediaReceiptSchema = z.object({ size: z.number().int() });

/** PUT /api/uploads/{id}/parts/{n}. */
export const uploadedPartSchema = z.object({ partNumber: z.number().int(), etag: z.string() });

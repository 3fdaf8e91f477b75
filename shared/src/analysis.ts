import { z } from "zod";

// Field names and shapes are the spec's: the web app and exports read them as they are.
//
// The three fields whose shape the spec leaves open are decided here:
// - informative_summary (text) is filled: a longer, sectioned account of the meeting — one paragraph per topic
//   with its time range, then decisions, action items and open questions — for readers who skip the recording.
// - enhanced_key_points (json) is filled: the key points again, each anchored to the transcript (speaker and the
//   [mm:ss] timestamp of the sentence it comes from) and marked as a decision, an action or a point, so a client
//   can link a point to the moment it was said. Key points written by an LLM are anchored to the transcript
//   paragraph that shares most of their words.
// - claude_analysis (json) stays null on purpose: its name promises output from Anthropic's Claude, and no engine
//   here is Claude. Which engine produced the analysis is recorded in `engine` (stored as analysis_engine).
// The AI-assistant preference `defaultModel` does not pick the engine: the operator's ANALYSIS_PROVIDER and
// ANALYSIS_MODEL do, because only they hold the credentials; `engine` and `notes` say what ran.

export const keyPointsSchema = z.array(z.string());

export const summaryAnalysisSchema = z.object({
  overview: z.string(),
  duration: z.string(),
  tone: z.string(),
  speakers: z.string(),
  topics: z.array(z.string()),
});
export type SummaryAnalysis = z.infer<typeof summaryAnalysisSchema>;

export const transcriptionDetailsSchema = z.object({
  topics: z.array(z.object({ name: z.string(), description: z.string(), keyPoints: z.array(z.string()) })),
  entities: z.array(z.object({ name: z.string(), type: z.string(), mentions: z.number().int().nonnegative() })),
  questions: z.array(z.string()),
  actionItems: z.array(z.string()),
});
export type TranscriptionDetails = z.infer<typeof transcriptionDetailsSchema>;

/** Entity types the offline engine emits and the LLM prompt asks for in transcription_details.entities[].type. */
export const ENTITY_TYPES = ["person", "organization", "place", "product", "date", "amount"] as const;

export const enhancedKeyPointSchema = z.object({
  text: z.string(),
  kind: z.enum(["decision", "action", "point"]),
  /** Who said the sentence the point comes from, when the transcript has speakers. */
  speaker: z.string().nullable(),
  /** "mm:ss" of that sentence, the same form as the transcript's [mm:ss] markers. */
  timestamp: z.string(),
});
export type EnhancedKeyPoint = z.infer<typeof enhancedKeyPointSchema>;
export const enhancedKeyPointsSchema = z.array(enhancedKeyPointSchema);

export const ANALYSIS_ENGINES = ["offline", "local", "workers-ai", "openai"] as const;
export const analysisEngineSchema = z.enum(ANALYSIS_ENGINES);
export type AnalysisEngine = z.infer<typeof analysisEngineSchema>;

/** The AI-assistant preferences; every field is optional on the wire and defaults as the spec says. */
export const analysisPreferencesSchema = z.object({
  defaultModel: z.enum(["openai", "anthropic", "gemini"]).default("openai"),
  preferredLanguage: z.enum(["English", "Spanish", "French", "German", "Swedish"]).default("English"),
  topicDetection: z.boolean().default(true),
  actionItemsExtraction: z.boolean().default(true),
  summaryGeneration: z.boolean().default(true),
  speakerIdentification: z.boolean().default(true),
});
export type AnalysisPreferences = z.infer<typeof analysisPreferencesSchema>;
export const DEFAULT_ANALYSIS_PREFERENCES: AnalysisPreferences = analysisPreferencesSchema.parse({});

/** The part of an analysis a language model writes; the rest is measured from the transcript itself. */
export const llmAnalysisSchema = z.object({
  summary: z.string(),
  key_points: keyPointsSchema,
  summary_analysis: summaryAnalysisSchema,
  transcription_details: transcriptionDetailsSchema,
  informative_summary: z.string(),
});
export type LlmAnalysis = z.infer<typeof llmAnalysisSchema>;

/**
 * What a small local model writes: the summary and key points only. The offline engine finds the rest (entities,
 * questions, action items, topics), which a 1.5B-parameter model on a CPU would write slower and worse.
 */
export const llmSummarySchema = llmAnalysisSchema.pick({ summary: true, key_points: true });
export type LlmSummary = z.infer<typeof llmSummarySchema>;

/** Everything one analysis run produces; the worker stores it and clients read it with this same schema. */
export const analysisResultSchema = z.object({
  summary: z.string(),
  key_points: keyPointsSchema,
  summary_analysis: summaryAnalysisSchema,
  transcription_details: transcriptionDetailsSchema,
  /** Paragraphs by speaker turn or pause, each starting with [mm:ss] and, when known, "Speaker: ". */
  formatted_transcript: z.string(),
  informative_summary: z.string().nullable(),
  enhanced_key_points: enhancedKeyPointsSchema.nullable(),
  claude_analysis: z.null(),
  /** The engine that wrote the summary and analysis; `notes` says when another one filled in a part. */
  engine: analysisEngineSchema,
  /** ISO 639-1 code of the language analysed, or null when it could not be told. */
  language: z.string().nullable(),
  notes: z.array(z.string()),
});
export type AnalysisResult = z.infer<typeof analysisResultSchema>;

/**
 * Reads one stored JSON column: an object, or a JSON string of one (both are allowed, and a string may have
 * been encoded twice). Anything that does not decode and match the schema is null, so the tab shows its empty
 * state instead of failing.
 */
export function parseStoredJson<T>(schema: z.ZodType<T>, value: unknown): T | null {
  let decoded = value;
  for (let depth = 0; typeof decoded === "string" && depth < 2; depth++) {
    try {
      decoded = JSON.parse(decoded);
    } catch {
      return null;
    }
  }
  const parsed = schema.safeParse(decoded);
  return parsed.success ? parsed.data : null;
}

export interface StoredAnalysisColumns {
  key_points?: unknown;
  summary_analysis?: unknown;
  transcription_details?: unknown;
  enhanced_key_points?: unknown;
}

/** The JSON analysis columns of a stored transcription, each parsed tolerantly (null when missing or malformed). */
export function readStoredAnalysis(row: StoredAnalysisColumns) {
  return {
    key_points: parseStoredJson(keyPointsSchema, row.key_points),
    summary_analysis: parseStoredJson(summaryAnalysisSchema, row.summary_analysis),
    transcription_details: parseStoredJson(transcriptionDetailsSchema, row.transcription_details),
    enhanced_key_points: parseStoredJson(enhancedKeyPointsSchema, row.enhanced_key_points),
  };
}

// What a model is asked to write, and how its answer is read. The whole analysis suits a large hosted model; a small
// local one writes only the summary and key points, and the offline engine's findings fill in the rest.
import {
  type AnalysisPreferences,
  type AnalysisResult,
  type LlmAnalysis,
  type LlmSummary,
  llmAnalysisSchema,
  llmSummarySchema,
} from "@verbatim/shared";
import { z } from "zod";
import { detectLanguage, languageName, normaliseLanguage } from "../offline/language";
import { withoutRepeats } from "./cut-off";
import {
  analysisMessages,
  combineMessages,
  type Facts,
  MIN_KEY_POINTS,
  summaryCombineMessages,
  summaryMessages,
} from "./prompts";
import type { ChatMessage } from "./types";

export interface LlmTask<T> {
  schema: z.ZodType<T>;
  /** The schema as JSON Schema, for APIs that can enforce it. */
  jsonSchema: Record<string, unknown>;
  /** Messages asking for one transcript, or one section of a longer one. */
  messages(
    transcript: string,
    facts: Facts,
    prefs: AnalysisPreferences,
    part?: { index: number; count: number },
  ): ChatMessage[];
  /** Messages asking to write the whole from the sections' answers. */
  combine(partials: T[], facts: Facts, prefs: AnalysisPreferences): ChatMessage[];
  /** The offline engine's answer for a section the model could not do. */
  fromOffline(result: AnalysisResult): T;
  /** The model's answer as the fields of an analysis; what it was not asked for comes from the offline result. */
  toAnalysis(value: T, offline: AnalysisResult): LlmAnalysis;
  /** What is wrong with an answer that fits the schema, or null: sent back like a schema error. */
  check?(value: T, prefs: AnalysisPreferences): string | null;
  /**
   * Whether what an answer cut off at its cap wrote before its unfinished part is a whole answer (cut-off.ts);
   * absent, it never is, and the request is made again.
   */
  enoughWhenCut?(value: T): boolean;
}

const jsonSchemaOf = (schema: z.ZodType) => {
  const { $schema: _, ...json } = z.toJSONSchema(schema) as Record<string, unknown>;
  return json;
};

const offlineFields = (result: AnalysisResult): LlmAnalysis => ({
  summary: result.summary,
  key_points: result.key_points,
  summary_analysis: result.summary_analysis,
  transcription_details: result.transcription_details,
  informative_summary: result.informative_summary ?? "",
});

const analysisJsonSchema = jsonSchemaOf(llmAnalysisSchema);
const ANALYSIS_SCHEMA_TEXT = JSON.stringify(analysisJsonSchema);

export const analysisTask: LlmTask<LlmAnalysis> = {
  schema: llmAnalysisSchema,
  jsonSchema: analysisJsonSchema,
  messages: (transcript, facts, prefs, part) => analysisMessages(transcript, facts, prefs, ANALYSIS_SCHEMA_TEXT, part),
  combine: (partials, facts, prefs) => combineMessages(partials, facts, prefs, ANALYSIS_SCHEMA_TEXT),
  fromOffline: offlineFields,
  toAnalysis: (value) => value,
};

export const summaryTask: LlmTask<LlmSummary> = {
  schema: llmSummarySchema,
  jsonSchema: jsonSchemaOf(llmSummarySchema),
  messages: summaryMessages,
  combine: summaryCombineMessages,
  fromOffline: (result) => ({ summary: result.summary, key_points: result.key_points }),
  toAnalysis: (value, offline) => ({ ...offlineFields(offline), ...value }),
  // A model that ran past the key points it was asked for has answered; one cut off before them has not (in the
  // benchmark, a combining answer cut off after 3 points, one a repeat).
  enoughWhenCut: (value) => withoutRepeats(value.key_points).length >= MIN_KEY_POINTS,
  // A small model sometimes answers in the transcript's language whatever it was asked; the summary must be in the
  // user's. Too little text to tell is not held against it.
  check: (value, prefs) => {
    const wanted = normaliseLanguage(prefs.preferredLanguage);
    const written = detectLanguage(value.summary);
    return written && wanted && written !== wanted
      ? `the summary is written in ${languageName(written)}, not in ${prefs.preferredLanguage}.`
      : null;
  },
};

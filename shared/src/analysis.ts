import { z } from "zod";

// Field names and shapes are the spec's (§3 Transcription): the web app and exports read them as they are.

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

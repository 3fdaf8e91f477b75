import { z } from "zod";

/** One recognised word with its absolute time in the recording, in seconds. */
export const wordSchema = z.object({
  word: z.string(),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
});
export type Word = z.infer<typeof wordSchema>;

/** A stretch of speech with absolute start/end in seconds; `speaker` is set when the transcript has speaker labels. */
export const segmentSchema = z.object({
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  text: z.string(),
  speaker: z.string().optional(),
  words: z.array(wordSchema).optional(),
});
export type Segment = z.infer<typeof segmentSchema>;

/** The full timed transcript of one recording, kept in R2 beside the media (too large for a D1 row). */
export const transcriptDocSchema = z.object({
  language: z.string().nullable(),
  duration: z.number().nonnegative(),
  segments: z.array(segmentSchema),
});
export type TranscriptDoc = z.infer<typeof transcriptDocSchema>;

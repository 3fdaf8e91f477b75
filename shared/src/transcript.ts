import { z } from "zod";

/** One recognised word with its absolute time in the recording, in seconds, and who said it when known. */
export const wordSchema = z.object({
  word: z.string(),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  speaker: z.string().optional(),
});
export type Word = z.infer<typeof wordSchema>;

/**
 * A stretch of speech with absolute start/end in seconds. `speaker` is a speaker id from the doc's `speakers`
 * (diarization) or, in transcripts without diarization, a name taken from a "Name:" prefix in the text.
 */
export const segmentSchema = z.object({
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  text: z.string(),
  speaker: z.string().optional(),
  words: z.array(wordSchema).optional(),
});
export type Segment = z.infer<typeof segmentSchema>;

/** A speaker found by diarization: a stable id ("SPEAKER_00") and the name the user gave it, if any. */
export const speakerSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(80).nullable(),
});
export type Speaker = z.infer<typeof speakerSchema>;

export const DIARIZATION_STATES = ["done", "unavailable", "failed"] as const;
/** What became of a requested speaker recognition; absent when none was asked for. */
export const diarizationNoteSchema = z.object({
  state: z.enum(DIARIZATION_STATES),
  /** Shown to the user when the state is not "done" (e.g. "The OpenAI server cannot tell speakers apart"). */
  message: z.string().nullable(),
});
export type DiarizationNote = z.infer<typeof diarizationNoteSchema>;

/** The full timed transcript of one recording, kept in R2 beside the media (too large for a D1 row). */
export const transcriptDocSchema = z.object({
  language: z.string().nullable(),
  duration: z.number().nonnegative(),
  segments: z.array(segmentSchema),
  /** In order of first appearance; absent or empty when the recording was not diarized. */
  speakers: z.array(speakerSchema).optional(),
  diarization: diarizationNoteSchema.optional(),
  /** Bumped by every save (machine run, edit, rename, restore); a save based on another version answers 409. */
  version: z.number().int().nonnegative().optional(),
});
export type TranscriptDoc = z.infer<typeof transcriptDocSchema>;

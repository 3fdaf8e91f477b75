import { z } from "zod";

/** GET /api/stats, public: figures the landing page shows, computed from real transcriptions. */
export const statsSchema = z.object({
  /** Hours of audio in every completed transcription, all accounts together, rounded down to whole hours. */
  hoursTranscribed: z.number().int().nonnegative(),
  /** When the figure was computed (it is cached for a few minutes). */
  computedAt: z.string(),
});
export type Stats = z.infer<typeof statsSchema>;

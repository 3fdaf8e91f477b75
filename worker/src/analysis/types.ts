import type { Segment } from "@verbatim/shared";

/** What an analysis reads: the timed transcript, the recogniser's language if it reported one, and the length. */
export interface AnalysisInput {
  segments: Segment[];
  /** Language the speech recogniser reported (ISO code or English name); it wins over text-based detection. */
  language: string | null;
  /** Seconds; 0 when unknown, in which case the last segment's end is used. */
  duration: number;
}

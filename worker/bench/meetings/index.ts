// The meetings the local model's benchmark summarises (local-model.bench.ts): hand-written transcripts with the
// facts a good summary keeps. `dev` is what prompts and settings may be tuned on; `held-out` is only for judging a
// change made on dev, so a tuning that merely fits the dev meetings shows up there.
import { readdirSync, readFileSync } from "node:fs";
import { segmentSchema } from "@verbatim/shared";
import { z } from "zod";
import type { AnalysisInput } from "../../src/analysis/types";

export const SPLITS = ["dev", "held-out"] as const;
export type Split = (typeof SPLITS)[number];

/**
 * A fact is kept when every one of its concepts appears; a concept is its alternative wordings ("March 3", "third
 * of March"), matched without regard to case, with numbers in digits or words (scoring.ts).
 */
const factSchema = z.object({
  statement: z.string().min(1),
  concepts: z.array(z.array(z.string().min(1)).min(1)).min(1),
});
export type Fact = z.infer<typeof factSchema>;

const meetingSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  domain: z.string().min(1),
  input: z.object({
    segments: z.array(segmentSchema).min(1),
    language: z.string().nullable(),
    duration: z.number().nonnegative(),
  }),
  facts: z.array(factSchema).min(5).max(8),
});
export type Meeting = z.infer<typeof meetingSchema> & { input: AnalysisInput };

/** The split's meetings, in file-name order; throws with the file's name when one does not fit the schema. */
export function loadMeetings(split: Split): Meeting[] {
  const dir = new URL(`./${split}/`, import.meta.url);
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const parsed = meetingSchema.safeParse(JSON.parse(readFileSync(new URL(name, dir), "utf8")));
      if (!parsed.success) throw new Error(`${split}/${name}: ${z.prettifyError(parsed.error)}`);
      return parsed.data;
    });
}

/**
 * One long recording made of the meetings one after another, each shifted to start where the last ended (and the
 * set repeated if it is too short), cut at `minutes`: the speed runs' 10, 30 and 60 minutes of speech.
 */
export function joinedMeetings(meetings: readonly Meeting[], minutes: number): AnalysisInput {
  const limit = minutes * 60;
  const segments: AnalysisInput["segments"] = [];
  let offset = 0;
  for (let k = 0; offset < limit && meetings.length > 0; k++) {
    const meeting = meetings[k % meetings.length] as Meeting;
    for (const segment of meeting.input.segments) {
      if (offset + segment.start >= limit) break;
      segments.push({ ...segment, start: offset + segment.start, end: offset + segment.end });
    }
    offset += meeting.input.duration;
  }
  return { segments, language: "en", duration: segments.at(-1)?.end ?? 0 };
}

import { transcriptEntries } from "./transcript";
import type { ExportDoc } from "./types";

export interface Cue {
  start: number;
  end: number;
  speaker: string | null;
  /** May hold "\n": lines shown together. */
  text: string;
}

/** A text line's cue lasts 5 s; it is cut short so it never runs into the next line's cue. */
const TEXT_CUE_SECONDS = 5;

/**
 * Subtitle cues in time order (players and validators require it): real start and end from the segments, else one cue
 * per marked text line, where lines that share a marker share one cue, since back-to-back cues with the same start would
 * overlap or last no time at all. Lines without a marker are dropped: a cue cannot exist without a time.
 */
export function subtitleCues(doc: ExportDoc): Cue[] {
  const timed = transcriptEntries(doc)
    .filter((entry): entry is typeof entry & { start: number } => entry.start !== null)
    .sort((a, b) => a.start - b.start);

  const cues: (Omit<Cue, "end"> & { end: number | null })[] = [];
  for (const entry of timed) {
    const previous = cues[cues.length - 1];
    if (entry.end === null && previous?.end === null && previous.start === entry.start) {
      previous.text += `\n${entry.text}`;
    } else {
      cues.push({ start: entry.start, end: entry.end, speaker: entry.speaker, text: entry.text });
    }
  }

  return cues.map((cue, i) => {
    if (cue.end !== null && cue.end > cue.start) return { ...cue, end: cue.end };
    let end = cue.start + TEXT_CUE_SECONDS;
    // Sorted, so the first later start is the next cue's unless a segment shares this one's start.
    for (let j = i + 1; j < cues.length; j++) {
      const next = (cues[j] as Cue).start;
      if (next > cue.start) {
        end = Math.min(end, next);
        break;
      }
    }
    return { ...cue, end };
  });
}

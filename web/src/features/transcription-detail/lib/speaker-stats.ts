import type { Segment } from "@verbatim/shared/transcript";

/** How much one speaker spoke: seconds of speech, its share of all speech, and how many turns they took. */
export interface SpeakerStats {
  speaker: string;
  seconds: number;
  /** 0–1 of the speech time of all speakers (0 when nobody spoke). */
  share: number;
  /** Times they took the floor: consecutive segments by the same speaker are one turn. */
  turns: number;
}

/**
 * Talk time and turns per speaker from the timed segments, in order of first appearance. Segments without a
 * speaker count for nobody and do not break a turn (a pause the engine left unattributed is not a hand-over).
 * Talk time is the words' spans when the segment has them, so silences inside a segment are not counted.
 */
export function speakerStats(segments: Segment[]): SpeakerStats[] {
  const bySpeaker = new Map<string, { seconds: number; turns: number }>();
  let previous: string | null = null;
  for (const segment of segments) {
    const speaker = segment.speaker;
    if (!speaker) continue;
    const entry = bySpeaker.get(speaker) ?? { seconds: 0, turns: 0 };
    entry.seconds += speechSeconds(segment);
    if (speaker !== previous) entry.turns += 1;
    bySpeaker.set(speaker, entry);
    previous = speaker;
  }
  const total = [...bySpeaker.values()].reduce((sum, s) => sum + s.seconds, 0);
  return [...bySpeaker].map(([speaker, s]) => ({
    speaker,
    seconds: s.seconds,
    share: total > 0 ? s.seconds / total : 0,
    turns: s.turns,
  }));
}

function speechSeconds(segment: Segment): number {
  const words = segment.words ?? [];
  if (words.length === 0) return Math.max(0, segment.end - segment.start);
  return words.reduce((sum, w) => sum + Math.max(0, w.end - w.start), 0);
}

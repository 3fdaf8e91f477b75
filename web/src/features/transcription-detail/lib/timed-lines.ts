import { parseMarker } from "@verbatim/shared/time-marker";
import type { Segment, Word } from "@verbatim/shared/transcript";
import { joinsWithoutSpaces, wordsOf } from "./editor/retime";

/** One line of the transcript with its time in the recording, when known. */
export interface TimedLine {
  start: number | null;
  end: number | null;
  speaker: string | null;
  text: string;
  /** The line's words with their times (from the timed transcript), so the playing word can be marked. */
  words?: Word[];
  /** Written without spaces (Chinese, Japanese, Thai): its words are not marked one by one. */
  withoutSpaces?: boolean;
}

/** "Speaker 1: text" → speaker and text; only a short label before the colon counts as a speaker. */
function splitSpeaker(text: string): { speaker: string | null; text: string } {
  const match = /^([A-Z][\w .'-]{0,30}):\s+(.*)$/s.exec(text);
  return match?.[1] && match[2] !== undefined ? { speaker: match[1], text: match[2] } : { speaker: null, text };
}

/** Lines from a text whose lines may start with [mm:ss] markers. */
export function linesFromText(text: string): TimedLine[] {
  const lines: TimedLine[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim()) continue;
    const marker = parseMarker(raw);
    const { speaker, text: body } = splitSpeaker((marker ? marker.rest : raw).trim());
    lines.push({ start: marker?.seconds ?? null, end: null, speaker, text: body });
  }
  // A line ends where the next timed line starts.
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as TimedLine;
    if (line.start === null) continue;
    const next = lines.slice(i + 1).find((l) => l.start !== null);
    line.end = next?.start ?? null;
  }
  return lines;
}

export function linesFromSegments(segments: Segment[]): TimedLine[] {
  return segments
    .filter((s) => s.text.trim())
    .map((s) => ({
      start: s.start,
      end: s.end,
      speaker: s.speaker ?? null,
      text: s.text.trim(),
      words: wordsOf(s),
      withoutSpaces: joinsWithoutSpaces(s),
    }));
}

/** Index of the line playing at `time`: the last timed line that started at or before it. */
export function activeLineIndex(lines: TimedLine[], time: number): number {
  let found = -1;
  for (let i = 0; i < lines.length; i++) {
    const start = lines[i]?.start;
    if (start === null || start === undefined) continue;
    if (start <= time + 0.05) found = i;
    else break;
  }
  return found;
}

/**
 * Where to open the transcript for a moment given in whole seconds (a search hit's `[mm:ss]`): the exact start
 * of the line that begins in that second, so that line is the current one, else the moment itself.
 */
export function lineStartNear(lines: TimedLine[], seconds: number): number {
  const line = lines.find((l) => l.start !== null && Math.floor(l.start) === Math.floor(seconds));
  return line?.start ?? seconds;
}

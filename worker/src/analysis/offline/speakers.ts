import type { Segment } from "@verbatim/shared";
import { joinList } from "./text";

/** A stretch of text with its time span, kept so any character of a turn can be placed in time. */
export interface Piece {
  start: number;
  end: number;
  /** Character offsets of this piece inside its turn's text. */
  from: number;
  to: number;
}

/** Consecutive speech by one speaker (or, with no speaker labels, by the one unknown voice). */
export interface Turn {
  speaker: string | null;
  start: number;
  end: number;
  text: string;
  pieces: Piece[];
}

interface Line {
  speaker: string | null;
  start: number;
  end: number;
  text: string;
}

// "Name: text" at the start of a line. Up to four capitalised words (names with particles such as "de" are
// rare enough in labels to leave out), or a diarisation label such as "Speaker 2" / "SPEAKER_01".
const LABEL =
  /^\s*((?:\p{Lu}[\p{L}\p{M}'’.-]*)(?:[ \t]+\p{Lu}[\p{L}\p{M}'’.-]*){0,3}|[Ss]peaker[ _]?\d+|SPEAKER[ _]?\d+)[ \t]*:[ \t]+(?=\S)/u;

// Capitalised words that start "Word: text" lines without being anyone's name.
const NOT_A_NAME = new Set(
  "note notes update agenda action actions decision decisions question questions answer summary re subject time date location warning todo next step follow-up followup update important reminder fyi ps tip example edit item topic status result results goal goals q a".split(
    " ",
  ),
);

const TIME_MARKER = /^\s*\[\d+:\d{2}(?::\d{2})?\]\s*/;

function labelOf(line: string): string | null {
  const match = LABEL.exec(line);
  const label = match?.[1];
  if (!label) return null;
  if (NOT_A_NAME.has(label.toLowerCase())) return null;
  return label.trim();
}

/** Splits segments into lines, placing each line in time in proportion to its length within its segment. */
function toLines(segments: readonly Segment[]): Line[] {
  const lines: Line[] = [];
  for (const segment of segments) {
    const parts = segment.text.split(/\r?\n/);
    const total = parts.reduce((n, p) => n + p.length, 0) || 1;
    const span = Math.max(0, segment.end - segment.start);
    let offset = 0;
    for (const part of parts) {
      const start = segment.start + (span * offset) / total;
      offset += part.length;
      // Text copied from an export carries "[mm:ss]" markers; the formatted transcript writes its own.
      const text = part.replace(TIME_MARKER, "").trim();
      if (text.length === 0) continue;
      lines.push({
        speaker: segment.speaker?.trim() || null,
        start,
        end: segment.start + (span * offset) / total,
        text,
      });
    }
  }
  return lines;
}

/**
 * Labels written into the text ("Sarah Chen: …") are trusted when they recur or when most lines carry one, so a
 * single "Note: …" line in a plain transcript is not mistaken for a speaker.
 */
function detectTextLabels(lines: readonly Line[]): Set<string> {
  const counts = new Map<string, number>();
  let labelled = 0;
  for (const line of lines) {
    const label = labelOf(line.text);
    if (!label) continue;
    labelled++;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const mostlyLabelled = labelled >= 2 && labelled >= lines.length * 0.5;
  return new Set([...counts].filter(([, n]) => n >= 2 || mostlyLabelled).map(([label]) => label));
}

/**
 * Turns from segments. Segment speakers win; without any, "Name: " line prefixes are used as labels (and removed
 * from the text either way). With `identify` off the speakers are dropped, so nothing is attributed to anyone.
 */
export function buildTurns(segments: readonly Segment[], identify: boolean): Turn[] {
  const lines = toLines(segments);
  const hasSegmentSpeakers = lines.some((l) => l.speaker !== null);
  const labels = hasSegmentSpeakers ? new Set<string>() : detectTextLabels(lines);
  let current: string | null = null;
  for (const line of lines) {
    const label = labelOf(line.text);
    if (label && (labels.has(label) || label === line.speaker)) {
      line.text = line.text.slice((LABEL.exec(line.text)?.[0] ?? "").length).trim();
      if (!hasSegmentSpeakers) current = label;
    }
    // A line without its own label continues the last labelled speaker's turn.
    if (!hasSegmentSpeakers && labels.size > 0) line.speaker = current;
    if (!identify) line.speaker = null;
  }

  const turns: Turn[] = [];
  for (const line of lines) {
    if (line.text.length === 0) continue;
    const last = turns[turns.length - 1];
    if (last && last.speaker === line.speaker) {
      const from = last.text.length + 1;
      last.text += ` ${line.text}`;
      last.end = Math.max(last.end, line.end);
      last.pieces.push({ start: line.start, end: line.end, from, to: last.text.length });
    } else {
      turns.push({
        speaker: line.speaker,
        start: line.start,
        end: line.end,
        text: line.text,
        pieces: [{ start: line.start, end: line.end, from: 0, to: line.text.length }],
      });
    }
  }
  return turns;
}

/** Time of a character offset in a turn, interpolated inside the piece that holds it (pieces are in order). */
export function timeAt(turn: Turn, offset: number): number {
  let low = 0;
  let high = turn.pieces.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((turn.pieces[mid] as Piece).to < offset) low = mid + 1;
    else high = mid;
  }
  const piece = turn.pieces[low];
  if (!piece || offset > piece.to) return turn.end;
  const share = Math.min(1, Math.max(0, (offset - piece.from) / Math.max(1, piece.to - piece.from)));
  return piece.start + share * (piece.end - piece.start);
}

export interface SpeakerStat {
  name: string;
  words: number;
  turns: number;
}

export function speakerStats(turns: readonly Turn[], countWords: (text: string) => number): SpeakerStat[] {
  const stats = new Map<string, SpeakerStat>();
  for (const turn of turns) {
    if (!turn.speaker) continue;
    const stat = stats.get(turn.speaker) ?? { name: turn.speaker, words: 0, turns: 0 };
    stat.words += countWords(turn.text);
    stat.turns += 1;
    stats.set(turn.speaker, stat);
  }
  return [...stats.values()].sort((a, b) => b.words - a.words);
}

/** The summary_analysis.speakers text: who spoke and how much. */
export function describeSpeakers(stats: readonly SpeakerStat[], identify: boolean): string {
  if (!identify) return "Speaker identification is turned off in your preferences.";
  if (stats.length === 0) return "No speaker labels in this transcript; it is treated as a single voice.";
  const total = stats.reduce((n, s) => n + s.words, 0) || 1;
  const share = (s: SpeakerStat) =>
    `${s.name} (${Math.round((100 * s.words) / total)}% of words, ${s.turns} turn${s.turns === 1 ? "" : "s"})`;
  if (stats.length === 1) return `One speaker: ${share(stats[0] as SpeakerStat)}.`;
  const [lead] = stats;
  return `${stats.length} speakers: ${joinList(stats.map(share))}. ${lead?.name} spoke the most.`;
}

import { parseMarker } from "@verbatim/shared/time-marker";
import type { ExportDoc } from "./types";

/** One line of the transcript as every format sees it. */
export interface TranscriptEntry {
  /** Seconds; null for a text line without a marker. */
  start: number | null;
  /** Seconds; known only when the line came from a timed segment. */
  end: number | null;
  speaker: string | null;
  /** May hold "\n" where a segment's own text breaks its line. */
  text: string;
}

export const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

/** Whitespace collapsed; line breaks survive as "\n" (blank lines dropped, since one would end a subtitle cue). */
function tidy(s: string): string {
  return s
    .split(/\r\n|\r|\n/)
    .map(oneLine)
    .filter(Boolean)
    .join("\n");
}

/** The timed segments when the transcription has them, otherwise the lines of its text. */
export function transcriptEntries(doc: ExportDoc): TranscriptEntry[] {
  if (doc.segments && doc.segments.length > 0) {
    const entries: TranscriptEntry[] = [];
    for (const segment of doc.segments) {
      const text = tidy(segment.text);
      if (!text) continue;
      const speaker = segment.speaker ? oneLine(segment.speaker) : "";
      entries.push({ start: segment.start, end: segment.end, speaker: speaker || null, text });
    }
    return entries;
  }
  const entries: TranscriptEntry[] = [];
  for (const raw of (doc.text ?? "").split(/\r\n|\r|\n/)) {
    const marked = parseMarker(raw);
    const clean = oneLine(marked ? marked.rest : raw);
    if (clean) entries.push({ start: marked?.seconds ?? null, end: null, speaker: null, text: clean });
  }
  return entries;
}

/** "Name: text" when the speaker is known. */
export function labelled(entry: TranscriptEntry): string {
  return entry.speaker ? `${entry.speaker}: ${entry.text}` : entry.text;
}

/** The title every document format shows: the name the user gave, else the uploaded file's name. */
export function displayTitle(doc: ExportDoc): string {
  return doc.name?.trim() || doc.fileName;
}

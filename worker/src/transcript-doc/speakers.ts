import { type Segment, speakerLabel, type TranscriptDoc } from "@verbatim/shared";

// What the user sees for a speaker id, on the server: the web app's rule (speakerLabel), so the `[mm:ss] Name:`
// text, the exports and the analysis agree with what it shows.

/** The doc's segments (and words) with speaker ids replaced by what the user sees. */
export function namedSegments(doc: Pick<TranscriptDoc, "segments" | "speakers">): Segment[] {
  const speakers = doc.speakers ?? [];
  if (speakers.length === 0) return doc.segments;
  const label = (id: string | undefined) => (id === undefined ? undefined : speakerLabel(speakers, id));
  return doc.segments.map((s) => ({
    ...s,
    ...(s.speaker !== undefined ? { speaker: label(s.speaker) } : {}),
    ...(s.words
      ? { words: s.words.map((w) => (w.speaker !== undefined ? { ...w, speaker: label(w.speaker) } : w)) }
      : {}),
  }));
}

import type { Segment, Speaker, TranscriptDoc } from "@verbatim/shared";

// What the user sees for a speaker id, on the server: the same rule as the web app's
// entities/transcription/speakers.ts, so the `[mm:ss] Name:` text, the exports and the analysis agree with it.

/** "Dana" once named, else "Speaker 2" (by order of first appearance); a legacy "Name:" label as it is. */
export function speakerLabel(speakers: readonly Speaker[], id: string): string {
  const index = speakers.findIndex((s) => s.id === id);
  if (index < 0) return id;
  return speakers[index]?.name ?? `Speaker ${index + 1}`;
}

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

import type { Speaker, TranscriptDoc } from "@verbatim/shared";

// One place that turns a transcript's speaker ids into colours, so the transcript, Details, the filter and the
// editor always agree on them. Their names come from speakerLabel (@verbatim/shared/speakers), as the server's
// text and exports write them.

/** Distinct at a glance on light and dark backgrounds, and never colour alone: the name is always shown too. */
const SPEAKER_COLORS = ["#2563eb", "#db2777", "#059669", "#d97706", "#7c3aed", "#0891b2", "#dc2626", "#4d7c0f"];

/** The diarized speakers in order of first appearance (empty for a transcript without diarization). */
export function speakersOf(doc: Pick<TranscriptDoc, "speakers"> | null | undefined): Speaker[] {
  return doc?.speakers ?? [];
}

export function speakerColor(speakers: Speaker[], id: string): string {
  const index = speakers.findIndex((s) => s.id === id);
  const fallback = [...id].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);
  return SPEAKER_COLORS[(index < 0 ? fallback : index) % SPEAKER_COLORS.length] as string;
}

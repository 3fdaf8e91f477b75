import { markerTime } from "@verbatim/shared/time-marker";
import { durationLabel } from "./timecode";
import { displayTitle, transcriptEntries } from "./transcript";
import type { ExportDoc } from "./types";

/** What the PDF and DOCX show, in reading order; sections with nothing to show are empty. */
export interface Outline {
  title: string;
  facts: { label: string; value: string }[];
  summary: string[];
  keyPoints: string[];
  actionItems: string[];
  transcript: { time: string | null; speaker: string | null; text: string }[];
}

export const SECTION = {
  summary: "Summary",
  keyPoints: "Key Points",
  actionItems: "Action Items",
  transcript: "Transcript",
  emptyTranscript: "No transcript available.",
} as const;

// The server cannot know the reader's time zone, so the date says it is UTC.
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

function dateLabel(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${dateFormat.format(date)} UTC`;
}

/** "ja" reads as "Japanese"; engines that report a name ("english") keep it, capitalised. */
function languageLabel(language: string): string {
  if (/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(language)) {
    try {
      const name = new Intl.DisplayNames(["en"], { type: "language" }).of(language);
      if (name) return name;
    } catch {
      // Not a tag Intl knows: fall through to the raw value.
    }
  }
  return language.charAt(0).toUpperCase() + language.slice(1);
}

const nonBlank = (items: readonly string[] | null | undefined) => (items ?? []).map((s) => s.trim()).filter(Boolean);

export function outline(doc: ExportDoc): Outline {
  const facts: Outline["facts"] = [{ label: "Date", value: dateLabel(doc.createdAt) }];
  const lastEnd = doc.segments?.reduce((max, s) => Math.max(max, s.end), 0) ?? 0;
  const duration = doc.duration ?? (lastEnd > 0 ? lastEnd : null);
  if (duration !== null) facts.push({ label: "Duration", value: durationLabel(duration) });
  if (doc.language?.trim()) facts.push({ label: "Language", value: languageLabel(doc.language.trim()) });

  return {
    title: displayTitle(doc),
    facts,
    summary: nonBlank(doc.summary?.split(/\r?\n/)),
    keyPoints: nonBlank(doc.keyPoints),
    actionItems: nonBlank(doc.details?.actionItems),
    transcript: transcriptEntries(doc).map((entry) => ({
      time: entry.start === null ? null : `[${markerTime(entry.start)}]`,
      speaker: entry.speaker,
      text: entry.text,
    })),
  };
}

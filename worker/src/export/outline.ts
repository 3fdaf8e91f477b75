import { markerTime } from "@verbatim/shared/time-marker";
import { type ExportLabels, exportLabels } from "./labels";
import { durationLabel } from "./timecode";
import { displayTitle, transcriptEntries } from "./transcript";
import type { ExportDoc } from "./types";

/** What the PDF and DOCX show, in reading order; sections with nothing to show are empty. */
export interface Outline {
  /** The interface text in the reader's language. */
  labels: ExportLabels;
  title: string;
  facts: { label: string; value: string }[];
  summary: string[];
  keyPoints: string[];
  actionItems: string[];
  transcript: { time: string | null; speaker: string | null; text: string }[];
}

// The server cannot know the reader's time zone, so the date says it is UTC.
function dateLabel(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const format = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
  return `${format.format(date)} UTC`;
}

/** "ja" reads as "Japanese" (in the reader's language); engines that report a name ("english") keep it. */
function languageLabel(language: string, locale: string): string {
  if (/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(language)) {
    try {
      const name = new Intl.DisplayNames([locale], { type: "language" }).of(language);
      if (name) return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
    } catch {
      // Not a tag Intl knows: fall through to the raw value.
    }
  }
  return language.charAt(0).toUpperCase() + language.slice(1);
}

const nonBlank = (items: readonly string[] | null | undefined) => (items ?? []).map((s) => s.trim()).filter(Boolean);

export function outline(doc: ExportDoc): Outline {
  const labels = exportLabels(doc.locale);
  const facts: Outline["facts"] = [{ label: labels.date, value: dateLabel(doc.createdAt, labels.locale) }];
  const lastEnd = doc.segments?.reduce((max, s) => Math.max(max, s.end), 0) ?? 0;
  const duration = doc.duration ?? (lastEnd > 0 ? lastEnd : null);
  if (duration !== null) facts.push({ label: labels.duration, value: durationLabel(duration) });
  if (doc.language?.trim())
    facts.push({ label: labels.language, value: languageLabel(doc.language.trim(), labels.locale) });

  return {
    labels,
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

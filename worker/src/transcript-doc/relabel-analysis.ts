import { type Speaker, speakerLabel } from "@verbatim/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { type TranscriptionRow, transcriptions } from "../db/schema";

// A rename reaches the stored analysis without running it again: speaker labels in it are rewritten where they
// stand for a speaker. "Speaker 2" is never said aloud, so it is replaced wherever it appears; a name the user
// gave ("Dana") may also be spoken, so it is replaced only where it labels someone — a line's "Dana: " prefix,
// a key point's speaker, the speakers overview, or a value that is the name alone.

/** Old label → new label for each speaker whose label changed. */
export type Relabels = Map<string, string>;

/** The labels that change from one version's speakers to the next's (speakers in both). */
export function relabels(before: readonly Speaker[], after: readonly Speaker[]): Relabels {
  const changes: Relabels = new Map();
  for (const s of after) {
    if (!before.some((b) => b.id === s.id)) continue;
    const from = speakerLabel(before, s.id);
    const to = speakerLabel(after, s.id);
    if (from !== to) changes.set(from, to);
  }
  return changes;
}

const DEFAULT_LABEL = /^Speaker \d+$/;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alternation = (labels: string[]) =>
  [...labels]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|");

/**
 * One pass (so a swap of two labels cannot be applied twice): a value that is a label alone, a label before
 * ": " at the start of a line, and the labels in `anywhere` wherever they stand as whole words.
 */
function rewriter(changes: Relabels, anywhere: string[]) {
  const labels = [...changes.keys()];
  const words = anywhere.length > 0 ? `|(?<![\\p{L}\\p{N}])(${alternation(anywhere)})(?![\\p{L}\\p{N}])` : "";
  const pattern = new RegExp(`(^|\\n)((?:\\[\\d+:\\d{2}\\] )?)(${alternation(labels)}): ${words}`, "gu");
  return (s: string) =>
    changes.get(s) ??
    s.replace(pattern, (match, start?: string, time?: string, prefixed?: string, word?: string) => {
      if (prefixed !== undefined) return `${start}${time}${changes.get(prefixed)}: `;
      return word !== undefined ? (changes.get(word) ?? match) : match;
    });
}

/** Rewrites every string inside a stored JSON column (null or unreadable JSON is left alone). */
function mapJson(value: string | null, map: (s: string, key: string | undefined) => string): string | null {
  if (value === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return value;
  }
  const walk = (v: unknown, key?: string): unknown => {
    if (typeof v === "string") return map(v, key);
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  return JSON.stringify(walk(parsed));
}

type AnalysisColumns = Pick<
  TranscriptionRow,
  | "summary"
  | "formattedTranscript"
  | "informativeSummary"
  | "keyPoints"
  | "summaryAnalysis"
  | "transcriptionDetails"
  | "enhancedKeyPoints"
>;

/** The analysis columns with the labels rewritten. */
export function relabelColumns(t: AnalysisColumns, changes: Relabels): AnalysisColumns {
  const all = [...changes.keys()];
  const text = rewriter(
    changes,
    all.filter((l) => DEFAULT_LABEL.test(l)),
  );
  const byWord = rewriter(changes, all);
  const map = (s: string, key: string | undefined) => (key === "speakers" || key === "speaker" ? byWord(s) : text(s));
  const orNull = (s: string | null) => (s === null ? null : text(s));
  return {
    summary: orNull(t.summary),
    formattedTranscript: orNull(t.formattedTranscript),
    informativeSummary: orNull(t.informativeSummary),
    keyPoints: mapJson(t.keyPoints, map),
    summaryAnalysis: mapJson(t.summaryAnalysis, map),
    transcriptionDetails: mapJson(t.transcriptionDetails, map),
    enhancedKeyPoints: mapJson(t.enhancedKeyPoints, map),
  };
}

export async function relabelAnalysis(db: Db, t: TranscriptionRow, changes: Relabels) {
  if (changes.size === 0 || !t.formattedTranscript) return;
  await db.update(transcriptions).set(relabelColumns(t, changes)).where(eq(transcriptions.id, t.id));
}

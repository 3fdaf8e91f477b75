// How a summary of a benchmark meeting is scored (local-model.bench.ts): which of the meeting's reference facts it
// keeps, and how many of the model's sentences the transcript supports, by the same check the analysis applies
// before it keeps a sentence (src/analysis/providers/grounding.ts).
import type { AnalysisResult } from "@verbatim/shared";
import { type SourceIndex, sentencesOf, sourceIndex, unsupported } from "../src/analysis/providers/grounding";
import { numbersAsDigits } from "../src/analysis/providers/spoken-numbers";
import type { Fact } from "./meetings";

/**
 * Text as facts are matched: lower case without accents, "1,500" and "$1.5k" forms as plain digits, ordinal endings
 * dropped ("3rd" → "3"), number words as digits, punctuation as spaces. One space between words and either end.
 */
export function normalise(text: string): string {
  const plain = text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/(\d),(?=\d{3}\b)/g, "$1")
    .replace(/\b(\d+)k\b/g, "$1000")
    .replace(/\b(\d+)(st|nd|rd|th)\b/g, "$1");
  const words = plain.match(/[\p{L}\p{N}]+/gu) ?? [];
  return ` ${numbersAsDigits(words).join(" ")} `;
}

/**
 * True when `form` occurs in the normalised text from a word's start. A form ending in a letter may go on ("bus"
 * finds "buses"); one ending in a digit may not ("10" does not find "100").
 */
function contains(normalisedText: string, form: string): boolean {
  const needle = normalise(form).trimEnd();
  if (needle.trim() === "") return false;
  if (/\d$/.test(needle)) return normalisedText.includes(`${needle} `);
  return normalisedText.includes(needle);
}

/** True when every concept of the fact has one of its forms in the text. */
export function factKept(fact: Fact, text: string): boolean {
  const normalised = normalise(text);
  return fact.concepts.every((forms) => forms.some((form) => contains(normalised, form)));
}

/**
 * True when the sentence names and counts only what the transcript does (grounding.ts). A sentence copied from the
 * transcript is supported by it: the analysis drops one from the summary for being a quote, not for being wrong.
 */
export const supported = (sentence: string, source: SourceIndex) => unsupported(sentence, source).length === 0;

export interface SummaryScore {
  factsKept: number;
  facts: number;
  /** The facts missing from the summary and key points, as their statements. */
  missed: string[];
  /** The shown summary's sentences and key points, and how many of them pass the check. */
  sentences: number;
  supportedSentences: number;
  /**
   * The model's own sentences and key points before the analysis checked them (counted from its notes): how many it
   * wrote, how many named or counted what the transcript lacks, how many were dropped as copies of the transcript.
   * Null for the offline engine's analysis (the model's answer was unusable).
   */
  model: { written: number; unsupported: number; copied: number } | null;
}

// The notes groundedAnalysis (src/analysis/providers/grounded-analysis.ts) writes when it drops a model's text.
const UNSUPPORTED = [
  /^(\d+) sentence\(s\) of the summary by .* were dropped: the transcript does not mention/,
  /^(\d+) key point\(s\) by .* were dropped/,
];
const COPIED = /^(\d+) sentence\(s\) of the summary by .* were dropped: copied from the transcript/;
const SUMMARY_STOOD_IN = /^No sentence of the model's summary held up/;
const POINTS_STOOD_IN = /^No key point of the model's held up/;

/** The analysis' summary and key points scored against the meeting's transcript and reference facts. */
export function scoreSummary(result: AnalysisResult, transcript: string, facts: readonly Fact[]): SummaryScore {
  const source = sourceIndex(transcript);
  // Paragraph by paragraph, as grounding.ts cuts it: a paragraph may end without a full stop.
  const summarySentences = result.summary.split(/\n{2,}/).flatMap(sentencesOf);
  const shown = [...summarySentences, ...result.key_points];
  const text = [result.summary, ...result.key_points].join("\n");
  const missed = facts.filter((fact) => !factKept(fact, text)).map((fact) => fact.statement);
  const noted = (pattern: RegExp) => result.notes.some((note) => pattern.test(note));
  const count = (patterns: RegExp[]) =>
    result.notes.reduce((sum, note) => sum + Number(patterns.map((p) => p.exec(note)?.[1]).find(Boolean) ?? 0), 0);
  const unsupportedCount = count(UNSUPPORTED);
  const copiedCount = count([COPIED]);
  // Where nothing of the model's held up, what is shown is the offline engine's: none of it is the model's.
  const kept =
    (noted(SUMMARY_STOOD_IN) ? 0 : summarySentences.length) + (noted(POINTS_STOOD_IN) ? 0 : result.key_points.length);
  return {
    factsKept: facts.length - missed.length,
    facts: facts.length,
    missed,
    sentences: shown.length,
    supportedSentences: shown.filter((sentence) => supported(sentence, source)).length,
    model:
      result.engine === "offline"
        ? null
        : { written: kept + unsupportedCount + copiedCount, unsupported: unsupportedCount, copied: copiedCount },
  };
}

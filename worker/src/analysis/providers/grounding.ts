// A language model, a small one most of all, may write a name or a number the meeting never mentioned, or copy a
// sentence of it instead of summarising. Before its summary is kept, each sentence is checked against the transcript:
// one that names someone or something, or states a number, that the transcript does not contain is dropped, and so is
// one copied from it word for word; the caller says so in the analysis' notes.
import { numbersAsDigits, scaledNumbers } from "./spoken-numbers";

/** What a transcript contains, for the check: its words (lower case), its numbers (as digits), its word sequence. */
export interface SourceIndex {
  words: ReadonlySet<string>;
  numbers: ReadonlySet<string>;
  /** The transcript's words in order, lower case, one space apart and one either end. */
  sequence: string;
}

const WORD = /[\p{L}\p{N}]+/gu;
// A number stands alone: "PART1" or "Q3" are names, not the numbers 1 and 3. Ordinal and unit endings are dropped.
const NUMBER = /(?<![\p{L}\p{N}])\d+(?:[.,]\d+)*/gu;

/** "1,500" and "1.500" (thousands) are 1500; "2.4" stays 2.4. */
function normaliseNumber(text: string): string {
  if (/^\d{1,3}(?:[.,]\d{3})+$/.test(text)) return text.replace(/[.,]/g, "");
  return text.replace(",", ".");
}

/**
 * The numbers an English transcript says in words ("forty-five", "twelve thousand five hundred") or with a scale
 * word ("1.5 million"), as digits: the recogniser writes both, and a summary may write either.
 */
function spokenNumbers(lowerText: string): string[] {
  // A number does not run across punctuation: "it was twenty. Five came" says 20 and 5, not 25. Each number word
  // alone counts too ("twenty five" also says 20 and 5 to a summary that splits it), as the check is for inventions.
  const pieces = lowerText.split(/[^a-z\s-]+/).map((piece) => piece.match(/[a-z]+/g) ?? []);
  const digits = pieces.flatMap((words) => [...numbersAsDigits(words), ...words.flatMap((w) => numbersAsDigits([w]))]);
  return [...digits.filter((word) => /^\d+$/.test(word)), ...scaledNumbers(lowerText)];
}

// Names are compared without their accents: a Spanish summary writes "Berlín" for the "Berlin" said in English.
const fold = (word: string) => word.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");

const wordSequence = (text: string) => ` ${(text.toLowerCase().match(WORD) ?? []).join(" ")} `;

// Shorter runs of the transcript's words ("the code freeze moves to August 15th") are how anyone would say it.
const COPY_MIN_WORDS = 8;

/** True when the sentence is a run of at least eight of the transcript's words, in its order. */
export function copied(sentence: string, source: SourceIndex): boolean {
  const sequence = wordSequence(sentence);
  return sequence.split(" ").length - 2 >= COPY_MIN_WORDS && source.sequence.includes(sequence);
}

export function sourceIndex(transcript: string): SourceIndex {
  const lower = transcript.toLowerCase();
  return {
    sequence: wordSequence(transcript),
    words: new Set((lower.match(WORD) ?? []).map(fold)),
    numbers: new Set([...(transcript.match(NUMBER) ?? []).map(normaliseNumber), ...spokenNumbers(lower)]),
  };
}

/** Sentences of a model's prose: cut after . ! ? (and their CJK forms) followed by a space or the end. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？])\s+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * The names and numbers in `sentence` that the transcript does not contain. A name is a capitalised word past the
 * sentence's first (that one is capitalised whatever it is); `checkNames` is off for languages that capitalise
 * every noun (German), where a capital says nothing.
 */
export function unsupported(sentence: string, source: SourceIndex, { checkNames = true } = {}): string[] {
  const missing: string[] = [];
  for (const number of sentence.match(NUMBER) ?? []) {
    if (!source.numbers.has(normaliseNumber(number))) missing.push(number);
  }
  if (checkNames) {
    const words = sentence.match(WORD) ?? [];
    for (const word of words.slice(1)) {
      if (/^\p{Lu}/u.test(word) && !source.words.has(fold(word))) missing.push(word);
    }
  }
  return missing;
}

export interface Grounded {
  /** The sentences that passed, joined as they were written. */
  text: string;
  /** Each dropped sentence with what the transcript lacks (nothing, for a copied one). */
  dropped: { sentence: string; missing: string[] }[];
  /** The sentences dropped for being copied from the transcript. */
  copied: string[];
}

/**
 * `text` without its sentences that state a name or number the transcript lacks, or that copy the transcript.
 * Paragraph breaks are kept.
 */
export function grounded(text: string, source: SourceIndex, options: { checkNames?: boolean } = {}): Grounded {
  const dropped: Grounded["dropped"] = [];
  const copies: string[] = [];
  const paragraphs = text.split(/\n{2,}/).map((paragraph) =>
    sentencesOf(paragraph)
      .filter((sentence) => {
        const missing = unsupported(sentence, source, options);
        if (missing.length > 0) dropped.push({ sentence, missing });
        else if (copied(sentence, source)) copies.push(sentence);
        return missing.length === 0 && !copies.includes(sentence);
      })
      .join(" "),
  );
  return { text: paragraphs.filter((p) => p.length > 0).join("\n\n"), dropped, copied: copies };
}

// @ts-check
// What a test may assert of the words the real speech recogniser wrote. Its wording depends on the machine (the
// CPU's BLAS kernels, the load), so a test that pins it passes on one CPU and fails on another. Of the JFK clip
// (test-fixtures/audio/jfk.*) only this phrase is proven the same in every run (asr/tests/test_determinism.py reads
// the same file); everything else a test checks by structure, or takes from the transcript the API answered.
import stable from "../test-fixtures/audio/stable-phrases.json" with { type: "json" };
import { normalise } from "./wer.mjs";

export const JFK_PHRASE = stable.jfk;

/**
 * Lower-case words separated by single spaces: text compared as the word error rate compares it (wer.mjs).
 * @param {string} text
 */
export function plainWords(text) {
  return normalise(text).join(" ");
}

/**
 * Whether `text` says `phrase` (whole words), whatever the case and punctuation of either.
 * @param {string | null | undefined} text
 * @param {string} [phrase]
 */
export function says(text, phrase = JFK_PHRASE) {
  return ` ${plainWords(text ?? "")} `.includes(` ${plainWords(phrase)} `);
}

/**
 * A pattern for `phrase` in shown text (a locator's), whatever the case and the punctuation between its words.
 * @param {string} [phrase]
 */
export function phrasePattern(phrase = JFK_PHRASE) {
  const words = plainWords(phrase)
    .split(" ")
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join("[^\\p{L}\\p{N}]+")}(?![\\p{L}\\p{N}])`, "iu");
}

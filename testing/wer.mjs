// @ts-check
// Word error rate for the Worker's tests and bench:asr, by the rules in shared/data/wer.json (asr/tests/wer.py
// applies the same rules; both pass shared/data/wer-cases.json).
import rules from "@verbatim/shared/data/wer.json" with { type: "json" };

/** @param {string} chars */
const classBody = (chars) => chars.replace(/[\\\]^-]/g, "\\$&");
const MARKERS = new RegExp(rules.markers, "g");
const NUMBER_SEPARATORS = new RegExp(`(?<=[0-9])[${classBody(rules.numberSeparators)}](?=[0-9])`, "g");
const JOINERS = new RegExp(`[${classBody(rules.joiners)}]`, "g");
const SEPARATORS = new RegExp(`[^${rules.wordCategories.map((c) => `\\p{${c}}`).join("")}]+`, "gu");

/**
 * The words `text` is compared by: no case, punctuation or time markers (wer.json says how, step by step).
 * @param {string} text
 * @returns {string[]}
 */
export function normalise(text) {
  return text
    .normalize(rules.unicodeForm)
    .replace(MARKERS, " ")
    .toLowerCase()
    .replace(NUMBER_SEPARATORS, "")
    .replace(JOINERS, "")
    .replace(SEPARATORS, " ")
    .split(" ")
    .filter(Boolean);
}

/**
 * A cell of the edit-distance table, always filled when read.
 * @param {number[]} row
 * @param {number} k
 */
const cell = (row, k) => /** @type {number} */ (row[k]);

/**
 * Word-level edit distance over the reference's length (at least 1).
 * @param {string} reference
 * @param {string} hypothesis
 * @returns {number}
 */
export function wordErrorRate(reference, hypothesis) {
  const ref = normalise(reference);
  const hyp = normalise(hypothesis);
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const cur = [i];
    for (let j = 1; j <= hyp.length; j++) {
      cur.push(
        Math.min(cell(prev, j - 1) + (ref[i - 1] === hyp[j - 1] ? 0 : 1), cell(prev, j) + 1, cell(cur, j - 1) + 1),
      );
    }
    prev = cur;
  }
  return cell(prev, hyp.length) / Math.max(1, ref.length);
}

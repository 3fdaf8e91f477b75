import assert from "node:assert/strict";
import { test } from "node:test";
import cases from "@verbatim/shared/data/wer-cases.json" with { type: "json" };
import { normalise, wordErrorRate } from "./wer.mjs";

// The cases asr/tests/test_wer.py checks too: one normalisation and one rate for every package's tests.

test("normalises as shared/data/wer.json says", () => {
  for (const { text, words } of cases.normalise) assert.deepEqual(normalise(text), words, text);
});

test("gives every shared case's rate", () => {
  for (const { reference, hypothesis, wer } of cases.wer) {
    const got = wordErrorRate(reference, hypothesis);
    assert.ok(Math.abs(got - wer) < 5e-5, `${reference} / ${hypothesis}: ${got}, expected ${wer}`);
  }
});

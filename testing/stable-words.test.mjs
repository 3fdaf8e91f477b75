import assert from "node:assert/strict";
import { test } from "node:test";
import { JFK_PHRASE, phrasePattern, plainWords, says } from "./stable-words.mjs";

test("the JFK phrase is found whatever the recogniser's case and punctuation", () => {
  for (const text of [
    "And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.",
    "[00:00] And so, my fellow Americans. Ask not what your country can do for you; ask what…",
    "ASK NOT — what your country can do for you!",
  ]) {
    assert.ok(says(text), text);
    assert.ok(phrasePattern().test(text), text);
  }
  assert.equal(plainWords("Ask not, what YOUR country"), "ask not what your country");
  assert.equal(JFK_PHRASE, "ask not what your country can do for you");
});

test("only whole words count, all of them", () => {
  for (const text of ["ask not what your country can do", "task not what your country can do for you", "", null]) {
    assert.equal(says(text), false, String(text));
    if (text) assert.equal(phrasePattern().test(text), false, text);
  }
  assert.ok(says("who had vanished behind", "Vanished, behind"));
  assert.equal(phrasePattern("can do").test("cando"), false);
});

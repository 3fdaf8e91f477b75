import assert from "node:assert/strict";
import { test } from "node:test";
import { otherLoadSampler, threadsFor } from "./cpu-share.mjs";

test("every core while the rest of the machine idles, one fewer per core it keeps busy", () => {
  assert.equal(threadsFor(0, 2), 2);
  assert.equal(threadsFor(0.2, 2), 2);
  assert.equal(threadsFor(0.4, 2), 1);
  assert.equal(threadsFor(1.9, 2), 1);
  assert.equal(threadsFor(6, 2), 1);
  assert.equal(threadsFor(2.1, 8), 6);
  assert.equal(threadsFor(2.4, 8), 5);
  assert.equal(threadsFor(0, 1), 1);
});

test("the sampler counts other processes' time, not this one's own", { skip: process.platform !== "linux" }, () => {
  const sample = otherLoadSampler(1);
  // This process keeps one core busy for a moment: none of it is the others' load.
  const until = Date.now() + 300;
  while (Date.now() < until);
  const others = sample();
  assert.equal(typeof others, "number");
  assert.ok(others >= 0);
});

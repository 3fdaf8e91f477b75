import assert from "node:assert/strict";
import { test } from "node:test";
import { LLM_MIN_FREE_BYTES, memoryShortfall } from "./llm.mjs";

test("the local model runs where memory allows, and says why not elsewhere", () => {
  assert.equal(memoryShortfall(LLM_MIN_FREE_BYTES), null);
  assert.equal(memoryShortfall(1.2 * 1024 ** 3), "only 1.2 GB of memory free; it needs 3.0 GB");
});

import { expect, test } from "vitest";
import { chunkPlan } from "./chunk-plan";

test("ten-minute pieces, each after the first repeating 2 s of the one before", () => {
  expect(chunkPlan(11)).toEqual([{ idx: 0, start: 0, length: 600 }]);
  expect(chunkPlan(600)).toHaveLength(1);
  expect(chunkPlan(1500)).toEqual([
    { idx: 0, start: 0, length: 600 },
    { idx: 1, start: 598, length: 602 },
    { idx: 2, start: 1198, length: 602 },
  ]);
});

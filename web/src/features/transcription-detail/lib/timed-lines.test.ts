import { expect, test } from "vitest";
import { lineStartNear, linesFromSegments } from "./timed-lines";

test("a search hit's whole second opens at the exact start of the line that begins in it", () => {
  const lines = linesFromSegments([
    { start: 0, end: 4.2, text: "He began a confused complaint." },
    { start: 4.62, end: 7, text: "The horizon seems extremely distant." },
  ]);
  expect(lineStartNear(lines, 4)).toBe(4.62);
  expect(lineStartNear(lines, 0)).toBe(0);
  expect(lineStartNear(lines, 9)).toBe(9);
});

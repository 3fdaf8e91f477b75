import { describe, expect, it } from "vitest";
import { closedCutOffs, withoutRepeats } from "./cut-off";

describe("what is kept of an answer cut off at its cap", () => {
  it("closes the answer after its last whole key point, the last candidates first", () => {
    const cut = '{"summary": "The team met.", "key_points": ["Ana books the hall.", "Budget is \\"9k\\".", "Ben wri';
    const closed = closedCutOffs(cut);
    expect(closed[0]).toBe(
      '{"summary": "The team met.", "key_points": ["Ana books the hall.", "Budget is \\"9k\\"."]}',
    );
    expect(JSON.parse(closed[1] ?? "")).toEqual({ summary: "The team met.", key_points: ["Ana books the hall."] });
  });

  it("keeps nothing of an answer cut inside its summary: there is no whole part", () => {
    expect(closedCutOffs('{"summary": "The team met and met and met and')).toEqual([]);
  });

  it("closes nested arrays and objects in order", () => {
    const [first] = closedCutOffs(
      '{"topics": [{"name": "A", "keyPoints": ["x", "y"]}, {"name": "B", "keyPoints": ["z", "w',
    );
    expect(JSON.parse(first ?? "")).toEqual({
      topics: [
        { name: "A", keyPoints: ["x", "y"] },
        { name: "B", keyPoints: ["z"] },
      ],
    });
  });

  it("drops points written again, whatever their case and spacing", () => {
    expect(
      withoutRepeats(["Ana books the hall.", "ana  books the hall.", "Ben writes.", "Ana books the hall."]),
    ).toEqual(["Ana books the hall.", "Ben writes."]);
  });
});

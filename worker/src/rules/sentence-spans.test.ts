import { describe, expect, it } from "vitest";
import { sentenceSpans } from "./sentence-spans";

const pieces = (text: string) => sentenceSpans(text).map(({ from, to }) => text.slice(from, to));

describe("sentence spans", () => {
  it("gives each sentence's trimmed offsets, closing quotes included", () => {
    const text = '  He said "Go." Then Mr. Lee left!  ';
    expect(sentenceSpans(text)[0]).toEqual({ from: 2, to: 15 });
    expect(pieces(text)).toEqual(['He said "Go."', "Then Mr. Lee left!"]);
  });

  it("ends sentences at the marks of other scripts", () => {
    expect(pieces("هل انتهينا؟ نعم.")).toEqual(["هل انتهينا؟", "نعم."]);
    expect(pieces("会議は三時ですか？はい。")).toEqual(["会議は三時ですか？", "はい。"]);
  });

  it("goes on after an abbreviation or an initial, and ends after any closing bracket", () => {
    expect(pieces("Dott. Rossi said {fine.} Then e.g. Mr. J. Lee left.")).toEqual([
      "Dott. Rossi said {fine.}",
      "Then e.g. Mr. J. Lee left.",
    ]);
  });

  it("has no sentence in blank text", () => {
    expect(sentenceSpans("   ")).toEqual([]);
  });
});

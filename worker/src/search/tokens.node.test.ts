import { indexedText, transcriptLine } from "@verbatim/shared/search-text";
import { describe, expect, it } from "vitest";
import { ftsQuery, snippetParts } from "./tokens";

describe("search tokens", () => {
  it("quotes every word, so nothing typed is FTS5 syntax, and lets the last one be a prefix", () => {
    expect(ftsQuery('budget" OR NEAR(x, y) col:z -w *')).toBe('"budget" "OR" "NEAR" "x" "y" "col" "z" "w"*');
    expect(ftsQuery("  ?!  ")).toBeNull();
  });

  it("splits scripts written without spaces into characters, in the text and in the query alike", () => {
    expect(indexedText("私は東京に")).toBe("私\u200Bは\u200B東\u200B京\u200Bに");
    expect(ftsQuery("東京 tower")).toBe('"東 京" "tower"*');
    expect(indexedText("Zoomで会議3回")).toBe("Zoom\u200Bで\u200B会\u200B議\u200B3\u200B回");
    // Full-width letters and decomposed accents are matched as their usual forms.
    expect(indexedText("ＡＢＣ cafe\u0301")).toBe("ABC café");
  });

  it("turns FTS5's marked snippet into parts, one match for a run of highlighted characters", () => {
    expect(snippetParts("私は\u0002東\u0003\u200B\u0002京\u0003\u200Bに")).toEqual([
      { text: "私は", match: false },
      { text: "東京", match: true },
      { text: "に", match: false },
    ]);
  });

  it("reads a line's time, counting minutes past the hour and hours, and its speaker only when diarized", () => {
    expect(transcriptLine("[62:10] Dana: Hi: there", true)).toEqual({
      field: "transcript",
      start: 3730,
      speaker: "Dana",
      body: "Hi: there",
    });
    expect(transcriptLine("[1:02:03] Note: read this", false)).toMatchObject({ start: 3723, speaker: null });
    expect(transcriptLine("no marker", false)).toMatchObject({ start: null, body: "no marker" });
    expect(transcriptLine("[00:01]   ", false)).toBeNull();
  });

  it("reads the marker as the web app and the exports do: edited text's fractions and one-digit fields too", () => {
    expect(transcriptLine("  [1:5.25] Edited by hand", false)).toMatchObject({ start: 65.25, body: "Edited by hand" });
  });
});

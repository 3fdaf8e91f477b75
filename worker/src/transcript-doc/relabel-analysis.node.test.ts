import { describe, expect, it } from "vitest";
import { relabelColumns, relabels } from "./relabel-analysis";

const columns = {
  summary: "Speaker 1 and Speaker 12 agreed. Dana will send it.",
  formattedTranscript: "[00:00] Speaker 1: Thanks Dana.\n\n[00:05] Dana: Sure, Speaker 1.",
  informativeSummary: null,
  keyPoints: JSON.stringify(["Dana: we ship on Friday"]),
  summaryAnalysis: JSON.stringify({
    overview: "",
    duration: "",
    tone: "",
    speakers: "Dana (60%), Speaker 1 (40%)",
    topics: [],
  }),
  transcriptionDetails: "not json",
  enhancedKeyPoints: JSON.stringify([
    { text: "Thanks Dana.", kind: "point", speaker: "Speaker 1", timestamp: "00:00" },
  ]),
};

describe("relabelling a stored analysis", () => {
  it("swaps two labels in one pass, keeps spoken names and leaves unreadable JSON alone", () => {
    const changes = new Map([
      ["Speaker 1", "Dana"],
      ["Dana", "Speaker 2"],
    ]);
    const out = relabelColumns(columns, changes);
    expect(out.summary).toBe("Dana and Speaker 12 agreed. Dana will send it.");
    expect(out.formattedTranscript).toBe("[00:00] Dana: Thanks Dana.\n\n[00:05] Speaker 2: Sure, Dana.");
    expect(JSON.parse(out.keyPoints ?? "")).toEqual(["Speaker 2: we ship on Friday"]);
    expect(JSON.parse(out.summaryAnalysis ?? "").speakers).toBe("Speaker 2 (60%), Dana (40%)");
    expect(JSON.parse(out.enhancedKeyPoints ?? "")[0]).toMatchObject({ text: "Thanks Dana.", speaker: "Dana" });
    expect(out.transcriptionDetails).toBe("not json");
    expect(out.informativeSummary).toBeNull();
  });

  it("takes names with regular-expression characters literally", () => {
    const out = relabelColumns(
      { ...columns, formattedTranscript: "[00:00] J.R. (ops)+: Hi. JxR: no." },
      new Map([["J.R. (ops)+", "Jay"]]),
    );
    expect(out.formattedTranscript).toBe("[00:00] Jay: Hi. JxR: no.");
  });

  it("finds the labels that change between two versions' speakers", () => {
    const before = [
      { id: "A", name: null },
      { id: "B", name: "Dana" },
    ];
    expect(
      relabels(before, [
        { id: "A", name: "Omar" },
        { id: "B", name: "Dana" },
      ]),
    ).toEqual(new Map([["Speaker 1", "Omar"]]));
    expect(relabels(before, [{ id: "B", name: null }])).toEqual(new Map([["Dana", "Speaker 1"]]));
  });
});

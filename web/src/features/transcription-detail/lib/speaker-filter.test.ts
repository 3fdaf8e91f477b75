import { describe, expect, it } from "vitest";
import { isLineShown, toggleSpeaker } from "./speaker-filter";

describe("speaker filter", () => {
  it("shows every line when no speaker is picked", () => {
    expect(isLineShown([], "SPEAKER_00")).toBe(true);
    expect(isLineShown([], null)).toBe(true);
  });

  it("shows only the picked speakers' lines", () => {
    expect(isLineShown(["SPEAKER_01"], "SPEAKER_01")).toBe(true);
    expect(isLineShown(["SPEAKER_01"], "SPEAKER_00")).toBe(false);
    expect(isLineShown(["SPEAKER_01"], undefined)).toBe(false);
  });

  it("toggles a speaker in and out; the last one out shows everyone", () => {
    const one = toggleSpeaker([], "SPEAKER_00");
    expect(one).toEqual(["SPEAKER_00"]);
    expect(toggleSpeaker(one, "SPEAKER_01")).toEqual(["SPEAKER_00", "SPEAKER_01"]);
    expect(toggleSpeaker(one, "SPEAKER_00")).toEqual([]);
  });
});

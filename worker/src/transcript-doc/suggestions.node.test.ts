import type { Segment } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { suggestSpeakerNames } from "./suggestions";

const speakers = [
  { id: "SPEAKER_00", name: null },
  { id: "SPEAKER_01", name: null },
];
const seg = (speaker: string, start: number, text: string): Segment => ({ start, end: start + 3, text, speaker });

describe("speaker name suggestions", () => {
  it("hears self-introductions and says who and where", () => {
    const suggestions = suggestSpeakerNames({
      speakers,
      segments: [
        seg("SPEAKER_00", 0, "Good morning. I'm Dana, and I run the platform team."),
        seg("SPEAKER_01", 4, "Thanks. This is Omar Haddad from Acme, joining remotely."),
        seg("SPEAKER_00", 8, "My name is Dana, as I said."),
      ],
    });
    expect(suggestions).toEqual([
      { speaker: "SPEAKER_00", name: "Dana", quote: "I'm Dana, and I run the platform team.", start: 0 },
      {
        speaker: "SPEAKER_01",
        name: "Omar Haddad",
        quote: "This is Omar Haddad from Acme, joining remotely.",
        start: 4,
      },
    ]);
  });

  it("hears 'Dana here' at the start of a sentence", () => {
    const [s] = suggestSpeakerNames({ speakers, segments: [seg("SPEAKER_01", 2, "Hi, Priya here. Can you hear me?")] });
    expect(s).toMatchObject({ speaker: "SPEAKER_01", name: "Priya" });
  });

  it("takes the time of the name's word when words are known", () => {
    const segment: Segment = {
      ...seg("SPEAKER_00", 10, "Hello, I'm Dana."),
      words: [
        { word: "Hello,", start: 10, end: 10.4 },
        { word: "I'm", start: 10.5, end: 10.7 },
        { word: "Dana.", start: 10.8, end: 11.2 },
      ],
    };
    expect(suggestSpeakerNames({ speakers, segments: [segment] })[0]?.start).toBe(10.8);
  });

  it("ignores phrases that are not introductions, names already given and undiarized transcripts", () => {
    const segments = [
      seg(
        "SPEAKER_00",
        0,
        "I'm sure. I'm Not sure. This is Monday. I'm going home. this is fine. So here we are. Everyone here, listen.",
      ),
      seg("SPEAKER_01", 4, "I'm Omar."),
    ];
    expect(suggestSpeakerNames({ speakers, segments })).toEqual([
      expect.objectContaining({ speaker: "SPEAKER_01", name: "Omar" }),
    ]);
    const named = [speakers[0], { id: "SPEAKER_01", name: "Omar" }] as typeof speakers;
    expect(suggestSpeakerNames({ speakers: named, segments })).toEqual([]);
    expect(suggestSpeakerNames({ segments: [{ start: 0, end: 1, text: "I'm Dana." }] })).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { speakerFields } from "./speaker-choice";

describe("speakerFields", () => {
  it("sends the number of speakers only with speaker recognition on (the API refuses it alone)", () => {
    expect(speakerFields({ diarize: true, numSpeakers: 3 })).toEqual({ diarize: true, num_speakers: 3 });
    expect(speakerFields({ diarize: false, numSpeakers: 3 })).toEqual({ diarize: false });
  });

  it("leaves the count out when it is to be detected", () => {
    expect(speakerFields({ diarize: true, numSpeakers: null })).toEqual({ diarize: true });
  });
});

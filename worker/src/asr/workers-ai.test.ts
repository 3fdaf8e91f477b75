import { describe, expect, it } from "vitest";
import { SpeechError } from "./types";
import { WORKERS_AI_WHISPER, workersAiProvider } from "./workers-ai";

// A stand-in AI binding returning Workers AI's documented whisper-large-v3-turbo output shape.
function fakeAi(answer: (model: string, input: Record<string, unknown>) => unknown) {
  const calls: { model: string; input: Record<string, unknown> }[] = [];
  const ai = {
    run: async (model: string, input: Record<string, unknown>) => {
      calls.push({ model, input });
      return answer(model, input);
    },
  } as unknown as Ai;
  return { ai, calls };
}

const OUTPUT = {
  transcription_info: { language: "sv", language_probability: 0.98, duration: 6.5, duration_after_vad: 5.9 },
  text: "Hej allihop. Välkomna till mötet.",
  word_count: 5,
  segments: [
    {
      start: 0.2,
      end: 1.4,
      text: " Hej allihop.",
      temperature: 0,
      avg_logprob: -0.1,
      compression_ratio: 1,
      no_speech_prob: 0.01,
      words: [
        { word: " Hej", start: 0.2, end: 0.6 },
        { word: " allihop.", start: 0.6, end: 1.4 },
      ],
    },
    {
      start: 2.0,
      end: 4.1,
      text: " Välkomna till mötet.",
      temperature: 0,
      avg_logprob: -0.1,
      compression_ratio: 1,
      no_speech_prob: 0.01,
      words: [
        { word: " Välkomna", start: 2.0, end: 2.9 },
        { word: " till", start: 2.9, end: 3.2 },
        { word: " mötet.", start: 3.2, end: 4.1 },
      ],
    },
  ],
  vtt: "WEBVTT",
};

const bytes = new Uint8Array([0x66, 0x4c, 0x61, 0x43, 0, 1, 2, 250]);
const request = (language?: string) => ({
  audio: new Blob([bytes]).stream(),
  size: bytes.length,
  fileName: "a.flac",
  contentType: "audio/flac",
  language,
});

describe("the workers-ai speech provider", () => {
  it("sends base64 audio to Whisper large-v3-turbo and maps segments and words", async () => {
    const { ai, calls } = fakeAi(() => OUTPUT);
    const result = await workersAiProvider(ai).transcribe(request("sv"));
    expect(calls[0]?.model).toBe(WORKERS_AI_WHISPER);
    expect(calls[0]?.input).toMatchObject({ language: "sv", vad_filter: true, task: "transcribe" });
    const decoded = Uint8Array.from(atob(calls[0]?.input.audio as string), (c) => c.charCodeAt(0));
    expect(decoded).toEqual(bytes);
    expect(result).toEqual({
      language: "sv",
      duration: 6.5,
      segments: [
        {
          start: 0.2,
          end: 1.4,
          text: "Hej allihop.",
          words: [
            { word: "Hej", start: 0.2, end: 0.6 },
            { word: "allihop.", start: 0.6, end: 1.4 },
          ],
        },
        {
          start: 2.0,
          end: 4.1,
          text: "Välkomna till mötet.",
          words: [
            { word: "Välkomna", start: 2.0, end: 2.9 },
            { word: "till", start: 2.9, end: 3.2 },
            { word: "mötet.", start: 3.2, end: 4.1 },
          ],
        },
      ],
    });
  });

  it("leaves the language out so the model detects it", async () => {
    const { ai, calls } = fakeAi(() => OUTPUT);
    await workersAiProvider(ai).transcribe(request());
    expect(calls[0]?.input).not.toHaveProperty("language");
  });

  it("retries capacity errors and gives up on undecodable audio", async () => {
    const busy = fakeAi(() => {
      throw new Error("3040: Capacity temporarily exceeded, please try again.");
    });
    await expect(workersAiProvider(busy.ai).transcribe(request())).rejects.toMatchObject({ transient: true });
    const bad = fakeAi(() => {
      throw new Error("5006: Invalid audio: could not decode");
    });
    const err = await workersAiProvider(bad.ai)
      .transcribe(request())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechError);
    expect(err).toMatchObject({ transient: false });
  });

  it("with speaker recognition: Deepgram Nova-3 with diarize, its words' speakers kept as segments", async () => {
    // Deepgram's pre-recorded answer with diarize=true (words carry a speaker number).
    const NOVA = {
      metadata: { duration: 7.2 },
      results: {
        channels: [
          {
            alternatives: [
              {
                transcript: "shall we start yes the budget first",
                words: [
                  { word: "shall", punctuated_word: "Shall", start: 0.1, end: 0.4, speaker: 0 },
                  { word: "we", punctuated_word: "we", start: 0.4, end: 0.6, speaker: 0 },
                  { word: "start", punctuated_word: "start?", start: 0.6, end: 1.0, speaker: 0 },
                  { word: "yes", punctuated_word: "Yes,", start: 1.5, end: 1.8, speaker: 1 },
                  { word: "the", punctuated_word: "the", start: 1.8, end: 1.9, speaker: 1 },
                  { word: "budget", punctuated_word: "budget", start: 1.9, end: 2.3, speaker: 1 },
                  { word: "first", punctuated_word: "first.", start: 2.3, end: 2.7, speaker: 1 },
                ],
              },
            ],
          },
        ],
      },
    };
    const { ai, calls } = fakeAi(() => NOVA);
    const result = await workersAiProvider(ai).transcribe({
      ...request("en"),
      diarize: { numSpeakers: null, exact: true },
    });
    expect(calls[0]?.model).toBe("@cf/deepgram/nova-3");
    expect(calls[0]?.input).toMatchObject({ diarize: true, language: "en", audio: { contentType: "audio/flac" } });
    expect(result.segments.map((s) => [s.speaker, s.text, s.words?.every((w) => w.speaker === s.speaker)])).toEqual([
      ["SPEAKER_00", "Shall we start?", true],
      ["SPEAKER_01", "Yes, the budget first.", true],
    ]);
    expect(result.diarization).toEqual({ state: "done", message: null });
  });

  it("in a language Nova-3 does not know: Whisper's whole transcript and a note", async () => {
    const { ai, calls } = fakeAi(() => OUTPUT);
    const result = await workersAiProvider(ai).transcribe({
      ...request("sv"),
      diarize: { numSpeakers: 2, exact: true },
    });
    expect(calls[0]?.model).toBe(WORKERS_AI_WHISPER);
    expect(result.segments).toHaveLength(2);
    expect(result.diarization).toMatchObject({ state: "unavailable" });
  });
});

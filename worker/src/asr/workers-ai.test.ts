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
});

import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiProvider } from "./openai";
import { SpeechError } from "./types";

// A local stand-in for OpenAI's transcription endpoint, answering in its documented verbose_json shape,
// driven through the real `openai` client.
const VERBOSE = {
  task: "transcribe",
  language: "english",
  duration: 11.0,
  text: "And so my fellow Americans, ask not.",
  segments: [
    {
      id: 0,
      seek: 0,
      start: 0.0,
      end: 3.2,
      text: " And so my fellow Americans,",
      tokens: [1],
      temperature: 0,
      avg_logprob: -0.2,
      compression_ratio: 1.1,
      no_speech_prob: 0.01,
    },
    {
      id: 1,
      seek: 0,
      start: 3.5,
      end: 5.0,
      text: " ask not.",
      tokens: [2],
      temperature: 0,
      avg_logprob: -0.2,
      compression_ratio: 1.1,
      no_speech_prob: 0.01,
    },
  ],
  words: [
    { word: "And", start: 0.0, end: 0.4 },
    { word: "so", start: 0.4, end: 0.7 },
    { word: "my", start: 0.7, end: 1.0 },
    { word: "fellow", start: 1.0, end: 1.6 },
    { word: "Americans,", start: 1.6, end: 3.2 },
    { word: "ask", start: 3.5, end: 4.0 },
    { word: "not.", start: 4.0, end: 5.0 },
  ],
};

// OpenAI's diarized_json (gpt-4o-transcribe-diarize): speaker turns labelled A, B…, no word times.
const DIARIZED = {
  task: "transcribe",
  duration: 9.5,
  text: "Shall we start? Yes, the budget first. Fine.",
  segments: [
    { type: "transcript.text.segment", id: "seg_0", start: 0.1, end: 1.4, text: " Shall we start?", speaker: "A" },
    {
      type: "transcript.text.segment",
      id: "seg_1",
      start: 1.9,
      end: 4.2,
      text: " Yes, the budget first.",
      speaker: "B",
    },
    { type: "transcript.text.segment", id: "seg_2", start: 5.0, end: 5.6, text: " Fine.", speaker: "A" },
  ],
  usage: { type: "duration", seconds: 10 },
};

let received: { path: string; auth: string; body: string }[] = [];
let status = 200;
let url = "";
const server = createServer(async (req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  received.push({
    path: req.url ?? "",
    auth: req.headers.authorization ?? "",
    body: Buffer.concat(chunks).toString("latin1"),
  });
  if (status !== 200) {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(
      JSON.stringify({
        error: {
          message: status === 400 ? "Invalid file format." : "Server overloaded",
          type: "invalid_request_error",
        },
      }),
    );
    return;
  }
  const diarized = /name="response_format"\r\n\r\ndiarized_json/.test(received.at(-1)?.body ?? "");
  res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(diarized ? DIARIZED : VERBOSE));
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const audio = () => new Blob([new Uint8Array([0x49, 0x44, 0x33, 1, 2, 3])]).stream();
const request = () => ({ audio: audio(), size: 6, fileName: "jfk.mp3", contentType: "audio/mpeg", language: "en" });

describe("the openai speech provider", () => {
  it("sends a verbose_json request with word and segment times and maps the answer", async () => {
    received = [];
    status = 200;
    const provider = openAiProvider({ baseUrl: url, apiKey: "sk-test", model: "whisper-1" });
    const result = await provider.transcribe(request());
    const [call] = received;
    expect(call?.path).toBe("/v1/audio/transcriptions");
    expect(call?.auth).toBe("Bearer sk-test");
    expect(call?.body).toMatch(/name="model"\r\n\r\nwhisper-1/);
    expect(call?.body).toMatch(/name="response_format"\r\n\r\nverbose_json/);
    expect(call?.body).toMatch(/name="timestamp_granularities\[\]"\r\n\r\nword/);
    expect(call?.body).toMatch(/name="language"\r\n\r\nen/);
    expect(call?.body).toContain("ID3\u0001\u0002\u0003");
    expect(result.language).toBe("en");
    expect(result.duration).toBe(11);
    expect(result.segments.map((s) => [s.text, s.words?.map((w) => w.word)])).toEqual([
      ["And so my fellow Americans,", ["And", "so", "my", "fellow", "Americans,"]],
      ["ask not.", ["ask", "not."]],
    ]);
  });

  it("treats overload as transient and bad input as final", async () => {
    const provider = openAiProvider({ baseUrl: url, apiKey: "k", model: "whisper-1" });
    status = 503;
    await expect(provider.transcribe(request())).rejects.toMatchObject({ transient: true });
    status = 400;
    const err = await provider.transcribe(request()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechError);
    expect(err).toMatchObject({ transient: false, message: expect.stringContaining("Invalid file format.") });
    status = 200;
  });

  it("treats an unreachable server as transient", async () => {
    const provider = openAiProvider({ baseUrl: "http://127.0.0.1:9/v1", apiKey: "k", model: "whisper-1" });
    await expect(provider.transcribe(request())).rejects.toMatchObject({
      transient: true,
      message: expect.stringMatching(/unreachable/),
    });
  });

  it("asks a diarizing model for diarized_json and keeps its speaker turns", async () => {
    received = [];
    const provider = openAiProvider({ baseUrl: url, apiKey: "k", model: "gpt-4o-transcribe-diarize" });
    const result = await provider.transcribe({ ...request(), diarize: { numSpeakers: null, exact: true } });
    const body = received[0]?.body ?? "";
    expect(body).toMatch(/name="response_format"\r\n\r\ndiarized_json/);
    expect(body).toMatch(/name="chunking_strategy"\r\n\r\nauto/);
    expect(result.segments.map((s) => [s.speaker, s.text])).toEqual([
      ["A", "Shall we start?"],
      ["B", "Yes, the budget first."],
      ["A", "Fine."],
    ]);
    expect(result.diarization).toEqual({ state: "done", message: null });
  });

  it("translates through OpenAI's translations, without a language (OpenAI's take none)", async () => {
    received = [];
    const provider = openAiProvider({ baseUrl: url, apiKey: "k", model: "whisper-1" });
    const result = await provider.transcribe({ ...request(), language: undefined, task: "translate" });
    const [call] = received;
    expect(call?.path).toBe("/v1/audio/translations");
    expect(call?.body).toMatch(/name="response_format"\r\n\r\nverbose_json/);
    expect(call?.body).not.toMatch(/name="language"/);
    expect(result.segments).toHaveLength(2);
  });

  it("with a model that cannot diarize: the whole transcript, and a note saying so", async () => {
    const provider = openAiProvider({ baseUrl: url, apiKey: "k", model: "whisper-1" });
    const result = await provider.transcribe({ ...request(), diarize: { numSpeakers: 2, exact: true } });
    expect(result.segments).toHaveLength(2);
    expect(result.diarization).toEqual({
      state: "unavailable",
      message: "The speech model whisper-1 cannot tell speakers apart (OpenAI's gpt-4o-transcribe-diarize can)",
    });
  });
});

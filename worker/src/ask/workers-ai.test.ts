import { env } from "cloudflare:test";
import type { AskEvent, AskPassage } from "@verbatim/shared/ask";
import { describe, expect, it } from "vitest";
import { signUp } from "../../test/http";
import { seedIndexedTranscription } from "../../test/transcriptions";
import type { AiBinding } from "../analysis";
import { DEFAULT_WORKERS_AI_MODEL } from "../analysis/providers/workers-ai";
import { createDb } from "../db/client";
import { answerEvents } from "./answer";
import { answerMessages, answerWriter } from "./model";
import { meetingSource } from "./sources";
import { pieceOf, sseEvents, workersAiText } from "./workers-ai-stream";

// Answers written by Workers AI: a fake of the AI binding streams server-sent events as the binding does.

const SEGMENTS = [
  { start: 0, end: 2.5, text: "We start the pilot on the ninth of March.", speaker: "Ana" },
  { start: 2.5, end: 5, text: "Then the budget is twelve thousand euros.", speaker: "Ben" },
  { start: 5, end: 8, text: "Lunch is at noon on Fridays.", speaker: "Ana" },
];

const PASSAGES: AskPassage[] = [
  { start: 0, speaker: "Ana", text: "We start the pilot on the ninth of March.", hit: true },
  { start: 2, speaker: "Ben", text: "Then the budget is twelve thousand euros.", hit: false },
];

/** A finished, diarized transcription whose lines are in the search index, as a speech run leaves one. */
const meeting = (userId: string) => seedIndexedTranscription(userId, "Pilot kickoff", SEGMENTS);

/** The binding's wire format: one `data:` event per piece, a usage-only event, then `[DONE]`. */
function sse(pieces: string[]) {
  const events = pieces.map((response) => `data: ${JSON.stringify({ response, p: "abc" })}\n\n`);
  const usage = { prompt_tokens: 180, completion_tokens: 24, total_tokens: 204 };
  return [...events, `data: ${JSON.stringify({ response: "", usage })}\n\n`, "data: [DONE]\n\n"].join("");
}

/** The text as bytes, cut every `size` bytes: events and characters split across chunks. */
function chunked(text: string, size: number) {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
  return chunks;
}

interface Call {
  model: string;
  inputs: Record<string, unknown>;
  signal?: AbortSignal;
}

/** A stand-in for env.AI whose `run` answers with a stream of these chunks (then `fail`, if given), recording calls. */
function fakeAi(chunks: Uint8Array[], options: { fail?: Error; refuse?: Error } = {}) {
  const calls: Call[] = [];
  let cancelled = false;
  const ai: AiBinding = {
    async run(model, inputs, runOptions) {
      calls.push({ model, inputs, signal: runOptions?.signal });
      if (options.refuse) throw options.refuse;
      const queue = [...chunks];
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = queue.shift();
          if (next) controller.enqueue(next);
          else if (options.fail) controller.error(options.fail);
          else controller.close();
        },
        cancel() {
          cancelled = true;
        },
      });
    },
  };
  return { ai, calls, cancelled: () => cancelled };
}

async function collect<T>(items: AsyncIterable<T> | Iterable<T>) {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const doneOf = (events: AskEvent[]) => {
  const last = events.at(-1);
  if (last?.type !== "done") throw new Error(`the stream ended with ${JSON.stringify(last)}`);
  return last.answer;
};

const deltas = (events: AskEvent[]) => events.flatMap((e) => (e.type === "delta" ? [e.text] : []));

describe("server-sent events of the AI binding", () => {
  it("gives each whole event's data, however the text is cut", () => {
    const events = sseEvents();
    expect(events.push('data: {"response":"Hel')).toEqual([]);
    expect(events.push('lo"}\n')).toEqual([]);
    expect(events.push('\ndata: {"response":" world"}\n\n: a comment\n\nevent: x\ndata: [DO')).toEqual([
      '{"response":"Hello"}',
      '{"response":" world"}',
    ]);
    expect(events.push("NE]\r\n\r\n")).toEqual(["[DONE]"]);
    expect(events.push('data: {"response":"!"}')).toEqual([]);
    expect(events.end()).toEqual(['{"response":"!"}']);
  });

  it("reads the text of an event: the response, an OpenAI-style delta, nothing in a usage event, the end", () => {
    expect(pieceOf('{"response":"The pilot","p":"ab"}')).toBe("The pilot");
    expect(pieceOf('{"choices":[{"index":0,"delta":{"content":" starts"}}]}')).toBe(" starts");
    expect(pieceOf('{"response":"","usage":{"prompt_tokens":1,"completion_tokens":2,"total_tokens":3}}')).toBe("");
    expect(pieceOf("")).toBe("");
    expect(pieceOf("[DONE]")).toBeNull();
    expect(() => pieceOf("{oops")).toThrow();
  });
});

describe("answers written by Workers AI", () => {
  it("streams the pieces from the analysis' instruct model, asked with the answer's brief", async () => {
    const pieces = ["The pilot starts on the ninth of March — ", "in spring [00:00]."];
    // Cut every 5 bytes: every event is split, and so is the dash (three bytes in UTF-8).
    const { ai, calls } = fakeAi(chunked(sse(pieces), 5));
    const writer = answerWriter({ provider: "workers-ai", ai });
    if (!writer) throw new Error("no writer for a usable workers-ai");
    const written = await collect(writer(PASSAGES, "When does the pilot start?"));
    expect(written.join("")).toBe(pieces.join(""));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.model).toBe(DEFAULT_WORKERS_AI_MODEL);
    expect(calls[0]?.inputs).toEqual({
      messages: answerMessages(PASSAGES, "When does the pilot start?"),
      stream: true,
      max_tokens: 300,
      temperature: 0.2,
    });
    expect(calls[0]?.signal?.aborted).toBe(false);
  });

  it("uses ANALYSIS_MODEL, and writes nothing when the binding is missing or another engine is set", async () => {
    const { ai, calls } = fakeAi(chunked(sse(["Yes [00:00]."]), 64));
    const writer = answerWriter({ provider: "workers-ai", ai, model: "@cf/qwen/qwen3-30b-a3b-fp8" });
    expect(await collect(writer?.(PASSAGES, "Is there a pilot?") ?? [])).toEqual(["Yes [00:00]."]);
    expect(calls[0]?.model).toBe("@cf/qwen/qwen3-30b-a3b-fp8");
    expect(answerWriter({ provider: "workers-ai" })).toBeNull();
    expect(answerWriter({ provider: "offline", ai })).toBeNull();
    expect(answerWriter({ ai })).toBeNull();
  });

  it("keeps only citations of the passages' times, and keeps the answer", async () => {
    const { user } = await signUp();
    const id = await meeting(user.id);
    const { ai } = fakeAi(
      chunked(
        sse([
          "The pilot starts on the ninth of March [00:",
          "00], with a budget of twelve thousand euros [0:0",
          "2] and a launch party [07:30].",
        ]),
        7,
      ),
    );
    const question = "When does the pilot start and what budget?";
    const events = await collect(
      answerEvents(meetingSource(createDb(env.DB), id), question, answerWriter({ provider: "workers-ai", ai })),
    );
    expect(deltas(events).join("")).not.toContain("07:30");
    expect(doneOf(events)).toMatchObject({
      mode: "model",
      fallback: null,
      answer:
        "The pilot starts on the ninth of March [00:00], with a budget of twelve thousand euros [00:02] and a launch party.",
    });
  });

  it("quotes the passages when the binding refuses or the stream fails", async () => {
    const { user } = await signUp();
    const id = await meeting(user.id);
    const refused = fakeAi([], { refuse: new Error("3040: Capacity temporarily exceeded") });
    const broken = fakeAi(chunked(sse(["The pilot starts [00:00]"]).split("data: [DONE]")[0] ?? "", 16), {
      fail: new Error("network connection lost"),
    });
    for (const { ai } of [refused, broken]) {
      const writer = answerWriter({ provider: "workers-ai", ai });
      const events = await collect(
        answerEvents(meetingSource(createDb(env.DB), id), "When does the pilot start?", writer),
      );
      expect(doneOf(events)).toMatchObject({
        mode: "extractive",
        fallback: "model-failed",
        answer: "[00:00] Ana: We start the pilot on the ninth of March.",
      });
    }
    expect(refused.calls).toHaveLength(1);
  });

  it("quotes the passages when the model writes nothing", async () => {
    const { user } = await signUp();
    const id = await meeting(user.id);
    const { ai } = fakeAi(chunked(sse([]), 8));
    const events = await collect(
      answerEvents(
        meetingSource(createDb(env.DB), id),
        "When does the pilot start?",
        answerWriter({ provider: "workers-ai", ai }),
      ),
    );
    expect(deltas(events)).toEqual([]);
    expect(doneOf(events)).toMatchObject({ mode: "extractive", fallback: "model-failed" });
  });
});

describe("the Workers AI stream", () => {
  const options = { firstTokenMs: 50, maxTokens: 300, temperature: 0.2 };
  const messages = answerMessages(PASSAGES, "When?");

  it("gives up, aborting the request, when no text comes in time", async () => {
    const calls: Call[] = [];
    const binding = (answer: () => Promise<unknown>): AiBinding => ({
      run(model, inputs, runOptions) {
        calls.push({ model, inputs, signal: runOptions?.signal });
        return answer();
      },
    });
    // The request is answered, but its stream only keeps the connection alive.
    const keepAlive = new TextEncoder().encode(": keep-alive\n\n");
    const silent = binding(async () => new ReadableStream({ start: (controller) => controller.enqueue(keepAlive) }));
    await expect(collect(workersAiText(silent, "m", messages, options))).rejects.toThrow(
      "Workers AI (m) wrote nothing within 0.05 s",
    );
    // The request is never answered.
    const hanging = binding(() => new Promise(() => undefined));
    await expect(collect(workersAiText(hanging, "m", messages, options))).rejects.toThrow(/wrote nothing/);
    expect(calls.map((call) => call.signal?.aborted)).toEqual([true, true]);
  });

  it("waits as long as the text keeps coming once it has begun", async () => {
    const pieces = ["One", " two", " three"];
    const ai: AiBinding = {
      run: async () =>
        new ReadableStream<Uint8Array>({
          async pull(controller) {
            const piece = pieces.shift();
            if (piece === undefined) return controller.close();
            if (piece !== "One") await new Promise((resolve) => setTimeout(resolve, 80));
            controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify({ response: piece })}\n\n`));
          },
        }),
    };
    expect((await collect(workersAiText(ai, "m", messages, options))).join("")).toBe("One two three");
  });

  it("cancels the stream when the reader stops early", async () => {
    // One chunk per event, as the binding sends them: more are waiting when the reader leaves.
    const events = sse(["One", " two", " three"]).split(/(?<=\n\n)/);
    const fake = fakeAi(events.map((event) => new TextEncoder().encode(event)));
    for await (const piece of workersAiText(fake.ai, "m", messages, options)) {
      expect(piece).toBe("One");
      break;
    }
    expect(fake.cancelled()).toBe(true);
  });
});

import type { AiBinding } from "../analysis";

// A streamed Workers AI text generation through the binding: `run(model, {messages, stream: true})` resolves to a
// ReadableStream of server-sent events, `data: {"response": "piece"}` each, and ends with `data: [DONE]`. Newer models
// add a last event with `usage` and an empty response; OpenAI-style models put the piece in
// `choices[0].delta.content`. The stream's chunks do not follow the events: one may end mid-event, or mid-character.

export interface WorkersAiStreamOptions {
  /** How long the first piece of text may take, from the request; then the request is aborted and this throws. */
  firstTokenMs: number;
  maxTokens: number;
  temperature: number;
}

type Message = { role: "system" | "user" | "assistant"; content: string };

/** The `data` of each whole server-sent event, as text arrives; an event without data lines gives none. */
export function sseEvents() {
  let buffer = "";
  const dataOf = (block: string) => {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice("data:".length).replace(/^ /, ""));
    return data.length > 0 ? [data.join("\n")] : [];
  };
  return {
    push(text: string): string[] {
      const blocks = (buffer + text).split(/\r?\n\r?\n/);
      buffer = blocks.pop() ?? "";
      return blocks.flatMap(dataOf);
    },
    /** An event the stream ended without its blank line. */
    end(): string[] {
      const last = buffer;
      buffer = "";
      return last.trim() ? dataOf(last) : [];
    },
  };
}

/** The text one event carries ("" for none: a usage-only event); null for `[DONE]`. Throws on what is not JSON. */
export function pieceOf(data: string): string | null {
  if (data.trim() === "[DONE]") return null;
  if (data.trim() === "") return "";
  const event = JSON.parse(data) as {
    response?: unknown;
    choices?: { delta?: { content?: unknown } }[];
  };
  const response = event.response;
  if (typeof response === "string") return response;
  // Some models stream numbers as numbers.
  if (typeof response === "number") return String(response);
  const content = event.choices?.[0]?.delta?.content;
  return typeof content === "string" ? content : "";
}

const isStream = (value: unknown): value is ReadableStream<Uint8Array> =>
  typeof (value as ReadableStream | null)?.getReader === "function";

/**
 * The model's text as it streams. Throws when the binding refuses, the stream fails or the first piece of text does
 * not come within `firstTokenMs`. A consumer that stops early cancels the stream.
 */
export async function* workersAiText(
  ai: AiBinding,
  model: string,
  messages: Message[],
  options: WorkersAiStreamOptions,
): AsyncGenerator<string> {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`Workers AI (${model}) wrote nothing within ${options.firstTokenMs / 1000} s`);
      abort.abort(error);
      reject(error);
    }, options.firstTokenMs);
  });
  // Once the first piece has come, nothing waits on it any more.
  late.catch(() => {});
  const beforeFirstPiece = <T>(step: Promise<T>) => (timer === undefined ? step : Promise.race([step, late]));
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    const output = await beforeFirstPiece(
      ai.run(
        model,
        { messages, stream: true, max_tokens: options.maxTokens, temperature: options.temperature },
        { signal: abort.signal },
      ),
    );
    if (!isStream(output)) {
      // A model that cannot stream answers at once.
      const response = (output as { response?: unknown } | null)?.response;
      if (typeof response !== "string") throw new Error(`Workers AI (${model}) returned no text`);
      yield response;
      return;
    }
    reader = output.getReader();
    const decoder = new TextDecoder();
    const events = sseEvents();
    for (;;) {
      const { done, value } = await beforeFirstPiece(reader.read());
      const datas = done
        ? [...events.push(decoder.decode()), ...events.end()]
        : events.push(decoder.decode(value, { stream: true }));
      for (const data of datas) {
        const piece = pieceOf(data);
        if (piece === null) return;
        if (!piece) continue;
        clearTimeout(timer);
        timer = undefined;
        yield piece;
      }
      if (done) return;
    }
  } finally {
    clearTimeout(timer);
    // Stops the model when the stream is left early (a failure, the person gone); harmless once it has ended.
    await reader?.cancel().catch(() => {});
  }
}

import { type AskAnswer, type AskEvent, askEventSchema } from "@verbatim/shared/ask";

// An answer's text/event-stream (docs/architecture/ask.md), read as it is written: the same events for "Ask this
// meeting" and "Ask my library". It is a POST, so it is read with fetch rather than EventSource.

/** Reads `data:` events from a text/event-stream body, one JSON object each. */
async function* events(body: ReadableStream<Uint8Array>): AsyncGenerator<AskEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    const blocks = buffer.split("\n\n");
    buffer = done ? "" : (blocks.pop() ?? "");
    for (const block of blocks) {
      if (block.startsWith("data: ")) yield askEventSchema.parse(JSON.parse(block.slice("data: ".length)));
    }
    if (done) return;
  }
}

/** Calls `onEvent` for each event of the response; resolves to the answer as kept (null if the stream ended without). */
export async function readAnswer(res: Response, onEvent: (event: AskEvent) => void): Promise<AskAnswer | null> {
  let answer: AskAnswer | null = null;
  for await (const event of events(res.body ?? new ReadableStream())) {
    onEvent(event);
    if (event.type === "done") answer = event.answer;
  }
  return answer;
}

/** A question asked: `onEvent` sees the answer stream; resolves to the answer as kept. */
export type Asker = (
  question: string,
  onEvent: (event: AskEvent) => void,
  signal?: AbortSignal,
) => Promise<AskAnswer | null>;

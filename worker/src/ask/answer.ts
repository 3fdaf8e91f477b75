import { type AskAnswer, type AskEvent, type AskPassage, extractiveAnswer } from "@verbatim/shared/ask";
import { citationFilter, tidyAnswer } from "./citations";
import type { AnswerWriter } from "./model";
import type { AskSource } from "./sources";

type Written = Pick<AskAnswer, "answer" | "mode" | "fallback">;

const quoted = (passages: AskPassage[], fallback: AskAnswer["fallback"]): Written => ({
  answer: extractiveAnswer(passages),
  mode: "extractive",
  fallback,
});

/**
 * The answer to a question about one transcription or a library, as the events the client reads: the passages
 * found, the model's text as it streams (citations checked), then the answer as kept. Without a model, or when it
 * fails or writes nothing, the answer quotes the passages; when nothing matches, it says so.
 */
export async function* answerEvents(
  source: AskSource,
  question: string,
  writer: AnswerWriter | null,
): AsyncGenerator<AskEvent> {
  const passages = await source.passages(question);
  yield { type: "passages", passages };
  let written: Written;
  if (passages.length === 0) written = { answer: source.notFound, mode: "not-found", fallback: null };
  else if (!writer) written = quoted(passages, "no-model");
  else {
    const filter = citationFilter(passages);
    let text = "";
    try {
      for await (const piece of writer(passages, question)) {
        const shown = filter.push(piece);
        text += shown;
        if (shown) yield { type: "delta", text: shown };
      }
      text += filter.end();
      written = tidyAnswer(text)
        ? { answer: tidyAnswer(text), mode: "model", fallback: null }
        : quoted(passages, "model-failed");
    } catch (error) {
      // Unreachable, timed out or refused: the question still gets the lines that answer it.
      console.warn(`ask: the language model failed, answering by quoting: ${String(error)}`);
      written = quoted(passages, "model-failed");
    }
  }
  yield { type: "done", answer: await source.keep({ question, passages, ...written }) };
}

/** Events as a text/event-stream, one `data:` JSON line each; a client that leaves stops the model. */
export function eventStream(events: AsyncGenerator<AskEvent>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await events.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(`data: ${JSON.stringify(next.value)}\n\n`));
    },
    async cancel() {
      await events.return(undefined);
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store" },
  });
}

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type AskAnswer, type AskEvent, askAnswerListSchema, askEventSchema } from "@verbatim/shared/ask";
import { api, read, send, withSignal } from "@/lib/api";

// "Ask this meeting" (docs/architecture/ask.md): the kept answers, and a question's answer read from the server's
// text/event-stream as it is written.

const answersKey = (id: string) => ["/api/transcriptions", id, "answers"] as const;
const path = api.transcriptions[":id"];

export function useAnswers(id: string, enabled: boolean) {
  return useQuery({
    queryKey: answersKey(id),
    queryFn: () => read(path.answers.$get({ param: { id } }), askAnswerListSchema),
    enabled,
  });
}

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

/**
 * A function that asks, calling `onEvent` as the answer streams, and resolves to the answer as kept (null when the
 * stream ended without one).
 */
export function useAsk(id: string) {
  const queryClient = useQueryClient();
  return async (
    question: string,
    onEvent: (event: AskEvent) => void,
    signal?: AbortSignal,
  ): Promise<AskAnswer | null> => {
    const res = (await send(path.ask.$post({ param: { id }, json: { question } }, withSignal(signal)))) as Response;
    let answer: AskAnswer | null = null;
    for await (const event of events(res.body ?? new ReadableStream())) {
      onEvent(event);
      if (event.type === "done") answer = event.answer;
    }
    await queryClient.invalidateQueries({ queryKey: answersKey(id) });
    return answer;
  };
}

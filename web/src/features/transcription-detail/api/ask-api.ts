import { useQuery, useQueryClient } from "@tanstack/react-query";
import { askAnswerListSchema } from "@verbatim/shared/ask";
import type { Asker } from "@/entities/ask/ask-stream";
import { readAnswer } from "@/entities/ask/ask-stream";
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

/** A function that asks, calling `onEvent` as the answer streams, and resolves to the answer as kept. */
export function useAsk(id: string): Asker {
  const queryClient = useQueryClient();
  return async (question, onEvent, signal) => {
    const res = (await send(path.ask.$post({ param: { id }, json: { question } }, withSignal(signal)))) as Response;
    const answer = await readAnswer(res, onEvent);
    await queryClient.invalidateQueries({ queryKey: answersKey(id) });
    return answer;
  };
}

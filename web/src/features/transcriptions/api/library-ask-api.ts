import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type AskPassage, askAnswerListSchema } from "@verbatim/shared/ask";
import { type Asker, readAnswer } from "@/entities/ask/ask-stream";
import { offlineLibraryPassages } from "@/entities/ask/offline-passages";
import { libraryFor } from "@/entities/library/library-db";
import { signedInUserId } from "@/entities/library/read-through";
import type { SpaceId } from "@/entities/workspace/current-space";
import { api, read, send, withSignal } from "@/lib/api";

// "Ask my library" (docs/architecture/ask.md): a question across the current space's transcriptions, its kept
// answers (per asker and space), and offline the lines found in the device library's copies.

const answersKey = (space: SpaceId) => ["/api/library/answers", space] as const;
const spaceQuery = (space: SpaceId) => ({ space: space ?? undefined });

export function useLibraryAnswers(space: SpaceId, enabled: boolean) {
  return useQuery({
    queryKey: answersKey(space),
    queryFn: () => read(api.library.answers.$get({ query: spaceQuery(space) }), askAnswerListSchema),
    enabled,
  });
}

export function useLibraryAsk(space: SpaceId): Asker {
  const queryClient = useQueryClient();
  return async (question, onEvent, signal) => {
    const res = (await send(
      api.library.ask.$post({ query: spaceQuery(space), json: { question } }, withSignal(signal)),
    )) as Response;
    const answer = await readAnswer(res, onEvent);
    await queryClient.invalidateQueries({ queryKey: answersKey(space) });
    return answer;
  };
}

/** The lines answering `question` in this device's copies of the space's transcriptions. */
export async function offlineLibraryAnswer(space: SpaceId, question: string): Promise<AskPassage[]> {
  const userId = signedInUserId();
  if (!userId) return [];
  const rows = await libraryFor(userId).transcriptions.toArray();
  return offlineLibraryPassages(
    rows.filter((t) => (t.workspace_id ?? null) === space),
    question,
  );
}

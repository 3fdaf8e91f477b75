import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type TranscriptDoc, transcriptDocSchema } from "@verbatim/shared/transcript";
import { type SpeakerRename, speakerSuggestionsSchema } from "@verbatim/shared/transcript-edit";
import { transcriptionKey } from "@/entities/transcription/transcriptions-api";
import { api, read } from "@/lib/api";

const segmentsKey = (id: string) => [...transcriptionKey(id), "segments"] as const;

/**
 * PATCH …/speakers against the version the user saw. The answer (the doc with the names, a new version) becomes
 * the transcript at once; the row (its `[mm:ss] Name:` text, used by the list, search and exports) and the
 * version history are re-read. A stale version answers 409 (ApiError), and the panel offers a reload.
 */
export function useRenameSpeakers(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SpeakerRename) =>
      read(api.transcriptions[":id"].speakers.$patch({ param: { id }, json: body }), transcriptDocSchema),
    onSuccess: (doc: TranscriptDoc) => {
      queryClient.setQueryData(segmentsKey(id), doc);
      void queryClient.invalidateQueries({ queryKey: transcriptionKey(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: [...transcriptionKey(id), "versions"] });
    },
  });
}

/** Names heard in self-introductions; asked again whenever the transcript's version changes. */
export function useSpeakerSuggestions(id: string, version: number, enabled: boolean) {
  return useQuery({
    queryKey: [...transcriptionKey(id), "speaker-suggestions", version],
    queryFn: () =>
      read(api.transcriptions[":id"].speakers.suggestions.$get({ param: { id } }), speakerSuggestionsSchema),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** After a 409: the other save becomes what the user sees. */
export function useReloadSpeakers(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: segmentsKey(id), exact: true }),
      queryClient.invalidateQueries({ queryKey: transcriptionKey(id), exact: true }),
    ]);
}

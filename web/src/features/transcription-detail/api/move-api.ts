import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Transcription, transcriptionSchema } from "@verbatim/shared/transcription";
import { TRANSCRIPTIONS_KEY, transcriptionKey } from "@/entities/transcription/transcriptions-api";
import type { SpaceId } from "@/entities/workspace/current-space";
import { api, read } from "@/lib/api";

/** PATCH /api/transcriptions/{id}/space: into a team workspace, or (null) the mover's personal space. */
export function useMoveTranscription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workspaceId: SpaceId) =>
      read(api.transcriptions[":id"].space.$patch({ param: { id }, json: { workspaceId } }), transcriptionSchema),
    onSuccess: (moved: Transcription) => {
      queryClient.setQueryData(transcriptionKey(id), moved);
      // It left one space's list and joined another's.
      void queryClient.invalidateQueries({ queryKey: TRANSCRIPTIONS_KEY });
    },
  });
}

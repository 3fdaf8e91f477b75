import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReprocessOptions } from "@verbatim/shared/transcript-edit";
import { type Transcription, transcriptionSchema } from "@verbatim/shared/transcription";
import { SUBSCRIPTION_QUERY_KEY } from "@/entities/subscription/subscription-api";
import { TRANSCRIPTIONS_KEY, transcriptionKey } from "@/entities/transcription/transcriptions-api";
import { api, read, withJsonBody } from "@/lib/api";

// Running a finished transcription again: speech recognition from the stored audio (reprocess), or only the
// analysis (re-run analysis). The answer is the transcription in its new running status, which restarts polling.

function useRun<V>(mutationFn: (variables: V) => Promise<Transcription>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (t) => {
      queryClient.setQueryData(transcriptionKey(t.id), t);
      void queryClient.invalidateQueries({ queryKey: TRANSCRIPTIONS_KEY });
      // A run may use one of the month's transcriptions, which the reprocess dialog shows.
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY, exact: true });
    },
  });
}

/** POST …/reprocess, optionally with speaker recognition and what becomes of the user's edits. */
export function useReprocess() {
  return useRun(({ id, options = {} }: { id: string; options?: ReprocessOptions }) =>
    read(api.transcriptions[":id"].reprocess.$post({ param: { id } }, withJsonBody(options)), transcriptionSchema),
  );
}

/** POST …/analyze: the analysis again over the current (possibly edited) transcript. */
export function useReanalyze() {
  return useRun((id: string) => read(api.transcriptions[":id"].analyze.$post({ param: { id } }), transcriptionSchema));
}

import { useQuery } from "@tanstack/react-query";
import { transcriptDocSchema } from "@verbatim/shared/transcript";
import { isActive, type TranscriptionStatus, traceSchema, transcriptionSchema } from "@verbatim/shared/transcription";
import { librarySegments, libraryTranscription, readThrough } from "@/entities/library/read-through";
import { POLL_MS, transcriptionKey } from "@/entities/transcription/transcriptions-api";
import { ApiError, api, read } from "@/lib/api";

/** Trace polling, 3 s while the job runs, 5 s otherwise. */
const TRACE_ACTIVE_MS = 3000;
const TRACE_IDLE_MS = 5000;

/** One transcription; offline it comes from the device library (every synced transcript, opened or not). */
export function useTranscription(id: string) {
  return useQuery({
    queryKey: transcriptionKey(id),
    queryFn: () =>
      readThrough(
        () => read(api.transcriptions[":id"].$get({ param: { id } }), transcriptionSchema),
        libraryTranscription(id),
      ),
    networkMode: "always",
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    refetchInterval: (query) => (query.state.data && isActive(query.state.data.status) ? POLL_MS : false),
    meta: { persist: true },
  });
}

/** Live status info; enabled only while the job runs. */
export function useTrace(id: string, status: TranscriptionStatus | undefined) {
  const enabled = status !== undefined && isActive(status);
  return useQuery({
    queryKey: [...transcriptionKey(id), "trace"],
    queryFn: () => read(api.transcriptions[":id"].trace.$get({ param: { id } }), traceSchema),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => {
      const traced = query.state.data?.transcription.status;
      if (traced === "COMPLETED" || traced === "COMPLETED_WITH_ERRORS" || traced === "FAILED") return false;
      return traced && isActive(traced) ? TRACE_ACTIVE_MS : TRACE_IDLE_MS;
    },
  });
}

/** The timed transcript (segments with start/end seconds); null when the server has none. */
export function useSegments(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...transcriptionKey(id), "segments"],
    queryFn: () =>
      readThrough(async () => {
        try {
          return await read(api.transcriptions[":id"].segments.$get({ param: { id } }), transcriptDocSchema);
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      }, librarySegments(id)),
    networkMode: "always",
    enabled,
    // Re-read when the screen opens (a reprocess replaces it); offline, the saved copy serves.
    staleTime: 0,
    meta: { persist: true },
  });
}

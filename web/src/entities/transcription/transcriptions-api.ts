import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  ACTIVE_STATUSES,
  type Transcription,
  type TranscriptionStatus,
  transcriptionSchema,
} from "@verbatim/shared/transcription";
import { z } from "zod";
import { toast } from "@/components/ui/toast";
import { libraryList, readThrough } from "@/features/library/read-through";
import { api, read, send, userMessage } from "@/lib/api";

// Spec §7: query keys are the paths.
export const TRANSCRIPTIONS_KEY = ["/api/transcriptions"] as const;
export const transcriptionKey = (id: string) => ["/api/transcriptions", id] as const;

/** Spec §9: list and item polling. */
export const POLL_MS = 3000;

export const isActive = (status: TranscriptionStatus) => ACTIVE_STATUSES.includes(status);

/** Newest first by created_at (spec §2), whatever order the server used. */
export function sortNewestFirst(items: Transcription[]) {
  return [...items].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export function useTranscriptions() {
  return useQuery({
    queryKey: TRANSCRIPTIONS_KEY,
    queryFn: () => readThrough(() => read(api.transcriptions.$get(), z.array(transcriptionSchema)), libraryList),
    // Offline, the list comes from the device library (features/library), so the query must run then too.
    networkMode: "always",
    select: sortNewestFirst,
    // Spec §4: stale at once, refetched on focus and mount; polled while a job is still running.
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    refetchInterval: (query) => (query.state.data?.some((t) => isActive(t.status)) ? POLL_MS : false),
    meta: { persist: true },
  });
}

export function useRenameTranscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      read(api.transcriptions[":id"].rename.$patch({ param: { id }, json: { name } }), transcriptionSchema),
    onSuccess: (updated) => {
      queryClient.setQueryData(transcriptionKey(updated.id), (old: Transcription | undefined) =>
        old ? { ...old, name: updated.name } : old,
      );
      void queryClient.invalidateQueries({ queryKey: TRANSCRIPTIONS_KEY, exact: true });
      toast({ title: "Rename successful", description: "The transcription name has been updated." });
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Rename failed",
        description: userMessage(error, "Could not rename transcription"),
      }),
  });
}

export function useDeleteTranscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await send(api.transcriptions[":id"].$delete({ param: { id } }));
      return id;
    },
    onSuccess: (id) => {
      queryClient.setQueryData(TRANSCRIPTIONS_KEY, (old: Transcription[] | undefined) =>
        old?.filter((t) => t.id !== id),
      );
      // Its saved copies go too: a deleted transcript must not stay readable offline.
      queryClient.removeQueries({ queryKey: transcriptionKey(id) });
      void queryClient.invalidateQueries({ queryKey: TRANSCRIPTIONS_KEY, exact: true });
      toast({ title: "Transcription deleted", description: "The transcription has been successfully deleted." });
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Delete failed",
        description: userMessage(error, "Could not delete transcription"),
      }),
  });
}

import { onlineManager, type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isActive, type Transcription, transcriptionSchema } from "@verbatim/shared/transcription";
import { z } from "zod";
import { toast } from "@/components/ui/toast";
import { type OfflineChange, queueChange } from "@/entities/library/pending-changes";
import { libraryList, readThrough, signedInUserId, unreachable } from "@/entities/library/read-through";
import { type SpaceId, useCurrentSpace } from "@/entities/workspace/current-space";
import { api, read, send, userMessage } from "@/lib/api";
import { translate } from "@/lib/i18n";

// Query keys are the paths. Every space's list is under TRANSCRIPTIONS_KEY (invalidated together), each with its
// space, so switching spaces never shows another space's cached list.
export const TRANSCRIPTIONS_KEY = ["/api/transcriptions", "list"] as const;
export const transcriptionsKey = (space: SpaceId) => [...TRANSCRIPTIONS_KEY, space] as const;
export const transcriptionKey = (id: string) => ["/api/transcriptions", id] as const;

/** List and item polling. */
export const POLL_MS = 3000;

/** Newest first by created_at, whatever order the server used. */
export function sortNewestFirst(items: Transcription[]) {
  return [...items].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** The current space's transcriptions (the sidebar's switcher). */
export function useTranscriptions() {
  const { space } = useCurrentSpace();
  return useQuery({
    queryKey: transcriptionsKey(space),
    queryFn: () =>
      readThrough(
        () => read(api.transcriptions.$get({ query: { space: space ?? undefined } }), z.array(transcriptionSchema)),
        libraryList(space),
      ),
    // Offline, the list comes from the device library (entities/library), so the query must run then too.
    networkMode: "always",
    select: sortNewestFirst,
    // Stale at once, refetched on focus and mount; polled while a job is still running.
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    refetchInterval: (query) => (query.state.data?.some((t) => isActive(t.status)) ? POLL_MS : false),
    meta: { persist: true },
  });
}

/** The transcription as this tab last saw it (its item or the list), for the version an offline change is made on. */
function seen(queryClient: QueryClient, id: string) {
  return (
    queryClient.getQueryData<Transcription>(transcriptionKey(id)) ??
    queryClient
      .getQueriesData<Transcription[]>({ queryKey: TRANSCRIPTIONS_KEY })
      .flatMap(([, list]) => list ?? [])
      .find((t) => t.id === id)
  );
}

/**
 * Sends a change, or, offline (or when the server cannot be reached), keeps it on the device to be sent when
 * the connection returns (entities/library/pending-changes.ts). Answers whether it was kept for later.
 */
async function sendOrQueue(queryClient: QueryClient, change: OfflineChange, sendNow: () => Promise<unknown>) {
  if (onlineManager.isOnline()) {
    try {
      await sendNow();
      return { queued: false };
    } catch (error) {
      if (!unreachable(error)) throw error;
    }
  }
  const userId = signedInUserId();
  if (!userId) throw new Error(translate("transcriptions.signInAgain"));
  await queueChange(userId, change, seen(queryClient, change.transcriptionId)?.updated_at ?? "");
  return { queued: true };
}

export function useRenameTranscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      sendOrQueue(queryClient, { transcriptionId: id, kind: "rename", name }, () =>
        read(api.transcriptions[":id"].rename.$patch({ param: { id }, json: { name } }), transcriptionSchema),
      ),
    // Offline the change is kept on the device (sendOrQueue), so the mutation must run then too.
    networkMode: "always",
    onSuccess: ({ queued }, { id, name }) => {
      queryClient.setQueryData(transcriptionKey(id), (old: Transcription | undefined) =>
        old ? { ...old, name } : old,
      );
      void queryClient.invalidateQueries({ queryKey: TRANSCRIPTIONS_KEY });
      toast(
        queued
          ? {
              title: translate("transcriptions.renamedOffline"),
              description: translate("transcriptions.renamedOfflineBody"),
            }
          : { title: translate("transcriptions.renamed"), description: translate("transcriptions.renamedBody") },
      );
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: translate("transcriptions.renameFailed"),
        description: userMessage(error, translate("transcriptions.renameFailedBody")),
      }),
  });
}

export function useDeleteTranscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      sendOrQueue(queryClient, { transcriptionId: id, kind: "delete" }, () =>
        send(api.transcriptions[":id"].$delete({ param: { id } })),
      ),
    networkMode: "always",
    onSuccess: ({ queued }, id) => {
      queryClient.setQueriesData({ queryKey: TRANSCRIPTIONS_KEY }, (old: Transcription[] | undefined) =>
        old?.filter((t) => t.id !== id),
      );
      // Its saved copies go too: a deleted transcript must not stay readable offline.
      queryClient.removeQueries({ queryKey: transcriptionKey(id) });
      void queryClient.invalidateQueries({ queryKey: TRANSCRIPTIONS_KEY });
      toast(
        queued
          ? {
              title: translate("transcriptions.deletedOffline"),
              description: translate("transcriptions.deletedOfflineBody"),
            }
          : { title: translate("transcriptions.deleted"), description: translate("transcriptions.deletedBody") },
      );
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: translate("transcriptions.deleteFailed"),
        description: userMessage(error, translate("transcriptions.deleteFailedBody")),
      }),
  });
}

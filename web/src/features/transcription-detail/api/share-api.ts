import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CreateShareLink,
  createdShareLinkSchema,
  sharedTranscriptSchema,
  shareLinkListSchema,
} from "@verbatim/shared/share-links";
import { api, read, send } from "@/lib/api";

// Share links (docs/architecture/share-links.md): the owner makes and revokes them; anyone with one reads it.

const linksKey = (id: string) => ["/api/transcriptions", id, "share-links"] as const;

export function useShareLinks(id: string, enabled: boolean) {
  return useQuery({
    queryKey: linksKey(id),
    queryFn: () => read(api.transcriptions[":id"]["share-links"].$get({ param: { id } }), shareLinkListSchema),
    enabled,
  });
}

export function useCreateShareLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareLink) =>
      read(api.transcriptions[":id"]["share-links"].$post({ param: { id }, json: body }), createdShareLinkSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey(id) }),
  });
}

export function useRevokeShareLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      send(api.transcriptions[":id"]["share-links"][":linkId"].$delete({ param: { id, linkId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey(id) }),
  });
}

/**
 * What a share link shows. Each fetch counts as a view, so it is read once per visit: never refetched on focus or
 * reconnect, never retried on a 404 (revoked or expired), and never kept on the device.
 */
export function useSharedTranscript(token: string) {
  return useQuery({
    queryKey: ["/api/shared", token],
    queryFn: () => read(api.shared[":token"].$get({ param: { token } }), sharedTranscriptSchema),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

/** The shared recording's address (Range requests straight to the Worker). */
export const sharedMediaPath = (token: string) => `/api/shared/${encodeURIComponent(token)}/media`;

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { commentThreadListSchema, type NewCommentThread } from "@verbatim/shared/comments";
import { api, read } from "@/lib/api";

// Comments on a moment (docs/architecture/comments.md). Every change answers with all the threads, which replace
// the cached list: what the tab shows is what is stored.

const commentsKey = (id: string) => ["/api/transcriptions", id, "comments"] as const;
const path = api.transcriptions[":id"].comments;

export function useComments(id: string, enabled: boolean) {
  return useQuery({
    queryKey: commentsKey(id),
    queryFn: () => read(path.$get({ param: { id } }), commentThreadListSchema),
    enabled,
  });
}

/** The mutations of the comment threads of transcription `id`. */
export function useCommentActions(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = (threads: { threads: unknown[] }) => queryClient.setQueryData(commentsKey(id), threads);
  const start = useMutation({
    mutationFn: (body: NewCommentThread) => read(path.$post({ param: { id }, json: body }), commentThreadListSchema),
    onSuccess,
  });
  const reply = useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: string }) =>
      read(path[":commentId"].replies.$post({ param: { id, commentId }, json: { body } }), commentThreadListSchema),
    onSuccess,
  });
  const resolve = useMutation({
    mutationFn: ({ commentId, resolved }: { commentId: string; resolved: boolean }) =>
      read(path[":commentId"].$patch({ param: { id, commentId }, json: { resolved } }), commentThreadListSchema),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (commentId: string) =>
      read(path[":commentId"].$delete({ param: { id, commentId } }), commentThreadListSchema),
    onSuccess,
  });
  return { start, reply, resolve, remove };
}

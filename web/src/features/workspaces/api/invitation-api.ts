import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { invitationPreviewSchema, workspaceSchema } from "@verbatim/shared/workspaces";
import { WORKSPACES_KEY } from "@/entities/workspace/workspaces-api";
import { api, read } from "@/lib/api";

/** GET /api/invitations/{token}: what the invitation offers; anyone with the link may read it. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ["/api/invitations", token],
    queryFn: () => read(api.invitations[":token"].$get({ param: { token } }), invitationPreviewSchema),
    retry: false,
  });
}

/** POST …/accept: joins the workspace (only the invited address, signed in); answers it. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => read(api.invitations[":token"].accept.$post({ param: { token } }), workspaceSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY }),
  });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type InvitableRole,
  type NewInvitation,
  workspaceDetailSchema,
  workspaceInvitationSchema,
  workspaceSchema,
} from "@verbatim/shared/workspaces";
import { WORKSPACES_KEY } from "@/entities/workspace/workspaces-api";
import { api, read, send } from "@/lib/api";

const workspace = api.workspaces[":wid"];
/** Under the list's key: a change invalidates both (names and roles show in the switcher too). */
const detailKey = (wid: string) => [...WORKSPACES_KEY, wid] as const;

/** GET /api/workspaces/{wid}: the workspace, its members, and (for those who manage it) its open invitations. */
export function useWorkspaceDetail(wid: string) {
  return useQuery({
    queryKey: detailKey(wid),
    queryFn: () => read(workspace.$get({ param: { wid } }), workspaceDetailSchema),
    staleTime: 0,
  });
}

/** A change to the workspace; afterwards the list and the page read again. Failures are the caller's to show. */
function useWorkspaceChange<T>(change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY }),
  });
}

export const useRenameWorkspace = (wid: string) =>
  useWorkspaceChange((name: string) => read(workspace.$patch({ param: { wid }, json: { name } }), workspaceSchema));

export const useInvite = (wid: string) =>
  useWorkspaceChange((invitation: NewInvitation) =>
    read(workspace.invitations.$post({ param: { wid }, json: invitation }), workspaceInvitationSchema),
  );

export const useResendInvitation = (wid: string) =>
  useWorkspaceChange((iid: string) =>
    read(workspace.invitations[":iid"].resend.$post({ param: { wid, iid } }), workspaceInvitationSchema),
  );

export const useRevokeInvitation = (wid: string) =>
  useWorkspaceChange((iid: string) => send(workspace.invitations[":iid"].$delete({ param: { wid, iid } })));

export const useChangeRole = (wid: string) =>
  useWorkspaceChange(({ userId, role }: { userId: string; role: InvitableRole }) =>
    send(workspace.members[":uid"].$patch({ param: { wid, uid: userId }, json: { role } })),
  );

export const useRemoveMember = (wid: string) =>
  useWorkspaceChange((userId: string) => send(workspace.members[":uid"].$delete({ param: { wid, uid: userId } })));

export const useTransferOwnership = (wid: string) =>
  useWorkspaceChange((userId: string) => send(workspace.transfer.$post({ param: { wid }, json: { userId } })));

/**
 * Leaving and deleting end with the workspace gone for the caller: the page must leave before the list is read
 * again, or its own query would ask for the workspace and fail. `onGone` leaves; the list is read after it.
 */
function useGoneChange(wid: string, change: () => Promise<unknown>, onGone: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async () => {
      await onGone();
      queryClient.removeQueries({ queryKey: detailKey(wid) });
      await queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY });
    },
  });
}

/** DELETE the caller's own membership (the owner cannot: they transfer first). */
export const useLeaveWorkspace = (wid: string, userId: string, onGone: () => Promise<void>) =>
  useGoneChange(wid, () => send(workspace.members[":uid"].$delete({ param: { wid, uid: userId } })), onGone);

export const useDeleteWorkspace = (wid: string, onGone: () => Promise<void>) =>
  useGoneChange(wid, () => send(workspace.$delete({ param: { wid } })), onGone);

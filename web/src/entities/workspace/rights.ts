import { mayActOn, type WorkspaceAction, type WorkspaceRole } from "@verbatim/shared/workspaces";
import { useCallback } from "react";
import { useAuth } from "@/entities/session/use-auth";
import { roleIn } from "./current-space";
import { useWorkspaces } from "./workspaces-api";

/** What the rights of a transcription depend on: its space and its uploader. */
interface InSpace {
  /** Absent on copies kept from before spaces existed: personal. */
  workspace_id?: string | null;
  user_id: string;
}

/** What `role` allows on an item (shared/src/workspaces.ts); no role (a space not in the list) allows nothing. */
export const mayDo = (role: WorkspaceRole | null, action: WorkspaceAction, uploadedByMe: boolean) =>
  role !== null && mayActOn(role, action, uploadedByMe);

/** `may(item, action)`: what the caller may do with a transcription, so screens show only what will work. */
export function useRights() {
  const { user } = useAuth();
  const { data: workspaces } = useWorkspaces();
  return useCallback(
    (item: InSpace, action: WorkspaceAction) =>
      mayDo(roleIn(item.workspace_id ?? null, workspaces), action, item.user_id === user?.id),
    [workspaces, user?.id],
  );
}

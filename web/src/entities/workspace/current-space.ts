import type { Workspace, WorkspaceRole } from "@verbatim/shared/workspaces";
import { useAtomValue } from "jotai";
import { atomWithStorage } from "jotai/utils";
import { useEffect } from "react";
import { appStore } from "@/lib/store";
import { useWorkspaces } from "./workspaces-api";

/** A space: a team workspace's id, or null for the user's personal space (as a transcription's workspace_id). */
export type SpaceId = string | null;

const PERSONAL = "personal";

/** The space the sidebar's switcher chose, kept across reloads (localStorage). */
const storedSpaceAtom = atomWithStorage<string>("verbatim-space", PERSONAL, undefined, { getOnInit: true });

export const setCurrentSpace = (space: SpaceId) => appStore.set(storedSpaceAtom, space ?? PERSONAL);

/** The role the caller has in `space`, or "owner" for their personal space (where they may do everything). */
export const roleIn = (space: SpaceId, workspaces: readonly Workspace[] | undefined): WorkspaceRole | null =>
  space === null ? "owner" : (workspaces?.find((w) => w.id === space)?.role ?? null);

/**
 * The space the dashboard, the list, search and uploads work in. A workspace the list no longer has (left,
 * removed, deleted) falls back to personal, and the stored choice with it. Until the list is known (first load,
 * offline without a saved copy) the stored choice stands, so an offline start opens where the user was.
 */
export function useCurrentSpace(): { space: SpaceId; workspace: Workspace | null } {
  const stored = useAtomValue(storedSpaceAtom, { store: appStore });
  const { data: workspaces } = useWorkspaces();
  const workspace = workspaces?.find((w) => w.id === stored) ?? null;
  const gone = stored !== PERSONAL && workspaces !== undefined && workspace === null;
  useEffect(() => {
    if (gone) setCurrentSpace(null);
  }, [gone]);
  if (stored === PERSONAL || gone) return { space: null, workspace: null };
  return { space: stored, workspace };
}

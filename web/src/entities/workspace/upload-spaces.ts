import { roleMay } from "@verbatim/shared/workspaces";
import type { SpaceId } from "./current-space";
import { useWorkspaces } from "./workspaces-api";

/** A space as a choice: its id (null: personal) and its team's name (null: personal, which the screen words). */
export interface SpaceChoice {
  id: SpaceId;
  name: string | null;
}

/** The spaces the caller may upload into (or move an item into): personal, then each team that allows it. */
export function useUploadSpaces(): SpaceChoice[] {
  const { data: workspaces = [] } = useWorkspaces();
  return [
    { id: null, name: null },
    ...workspaces.filter((w) => roleMay(w.role, "upload")).map((w) => ({ id: w.id, name: w.name })),
  ];
}

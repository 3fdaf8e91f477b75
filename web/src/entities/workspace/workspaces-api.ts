import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Workspace, workspaceListSchema, workspaceSchema } from "@verbatim/shared/workspaces";
import { useAuth } from "@/entities/session/use-auth";
import { api, read } from "@/lib/api";

/** The query key is the path; the settings page's detail queries live under it. */
export const WORKSPACES_KEY = ["/api/workspaces"] as const;

/** GET /api/workspaces: the caller's team workspaces, each with their role. */
export const fetchWorkspaces = async (): Promise<Workspace[]> =>
  (await read(api.workspaces.$get(), workspaceListSchema)).workspaces;

export const workspacesQuery = {
  queryKey: WORKSPACES_KEY,
  queryFn: fetchWorkspaces,
  // Membership changes elsewhere (an invitation accepted, a removal): read again when a screen opens.
  staleTime: 30_000,
  meta: { persist: true },
} as const;

export function useWorkspaces() {
  const { user } = useAuth();
  return useQuery({ ...workspacesQuery, enabled: user !== null });
}

/** POST /api/workspaces: a new team, its creator the owner. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => read(api.workspaces.$post({ json: { name } }), workspaceSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY }),
  });
}

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "@/entities/session/use-auth";
import { onPendingChanges, pendingChanges } from "../pending-changes";

const PENDING_KEY = ["library", "pending-changes"] as const;

/** The renames and deletions made offline on this device that wait to be sent, oldest first. */
export function usePendingChanges() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  useEffect(() => onPendingChanges(() => void queryClient.invalidateQueries({ queryKey: PENDING_KEY })), [queryClient]);
  const query = useQuery({
    queryKey: [...PENDING_KEY, user?.id],
    queryFn: () => (user ? pendingChanges(user.id) : []),
    networkMode: "always",
    staleTime: 0,
  });
  return query.data ?? [];
}

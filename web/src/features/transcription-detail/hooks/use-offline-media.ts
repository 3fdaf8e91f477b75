import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toast";
import type { OfflineMediaRow } from "@/entities/library/library-db";
import { freeOffline, keepOffline, offlineCopy } from "@/entities/library/offline-media";
import { useAuth } from "@/entities/session/use-auth";
import { translate } from "@/lib/i18n";

/** This recording's offline copy on this device (null when none), and the actions to keep or free it. */
export function useOfflineMedia(transcriptionId: string) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const key = ["library", "offline-media", user?.id, transcriptionId] as const;
  const copy = useQuery({
    queryKey: key,
    queryFn: async () => (user ? ((await offlineCopy(user.id, transcriptionId)) ?? null) : null),
    // It lives on the device: offline is when it matters most.
    networkMode: "always",
    staleTime: 0,
  });
  const settle = (row: OfflineMediaRow | null) => queryClient.setQueryData(key, row);

  const keep = useMutation({
    mutationFn: () => {
      if (!user) throw new Error(translate("detail.offline.signIn"));
      return keepOffline(user.id, transcriptionId);
    },
    onSuccess: (row) => {
      settle(row);
      toast({ title: translate("detail.offline.keptToast"), description: translate("detail.offline.keptToastBody") });
    },
    onError: (error) =>
      toast({ variant: "destructive", title: translate("detail.offline.keepFailed"), description: error.message }),
  });

  const free = useMutation({
    mutationFn: () => (user ? freeOffline(user.id, transcriptionId) : Promise.resolve()),
    networkMode: "always",
    onSuccess: () => settle(null),
    onError: (error) =>
      toast({ variant: "destructive", title: translate("detail.offline.removeFailed"), description: error.message }),
  });

  return { copy: copy.data ?? null, settled: copy.isFetched, keep, free };
}

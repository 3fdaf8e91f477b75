import { useQuery } from "@tanstack/react-query";
import { preferencesSchema } from "@verbatim/shared/preferences";
import { useAuth } from "@/entities/session/use-auth";
import { api, read } from "@/lib/api";

export const PREFERENCES_QUERY_KEY = ["/api/user/preferences"] as const;

/** GET /api/user/preferences: the user's saved settings (settings screen), merged over the defaults. */
export function usePreferences({ staleTime = 5 * 60 * 1000 }: { staleTime?: number } = {}) {
  const { user } = useAuth();
  return useQuery({
    queryKey: PREFERENCES_QUERY_KEY,
    queryFn: () => read(api.user.preferences.$get(), preferencesSchema),
    enabled: user !== null,
    // Settings invalidates this key after saving; otherwise it is re-read on each app start. A screen that
    // takes a default from it (the upload screen) asks for 0, so it re-reads what another tab or device saved.
    staleTime,
    meta: { persist: true },
  });
}

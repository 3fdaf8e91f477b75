import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { googleStatusSchema } from "@verbatim/shared/google";
import { toast } from "@/components/ui/toast";
import { USER_QUERY_KEY } from "@/entities/session/auth-api";
import { useAuth } from "@/entities/session/use-auth";
import { api, read, send, userMessage } from "@/lib/api";
import { translate } from "@/lib/i18n";

export const GOOGLE_STATUS_QUERY_KEY = ["/api/google/status"] as const;
/** Where the Google callback sends the browser back to (saved before the redirect). */
export const RETURN_TO_URL_KEY = "returnToUrl";
export const GOOGLE_CONNECT_PATH = "/api/auth/google";

/**
 * GET /api/google/status, only when signed in. A failure counts as "not connected": the screens
 * then offer to connect instead of showing meetings that cannot load.
 */
export function useGoogleStatus() {
  const { user } = useAuth();
  const query = useQuery({
    queryKey: GOOGLE_STATUS_QUERY_KEY,
    queryFn: () => read(api.google.status.$get(), googleStatusSchema),
    enabled: user !== null,
    // Re-checked when a screen that needs it opens: the connection may have changed in another tab.
    staleTime: 30_000,
  });
  return {
    ...query,
    connected: query.data?.connected === true,
    email: query.data?.profile?.email ?? user?.google_profile_email ?? null,
    message: query.data?.message ?? null,
  };
}

/** Remembers this page before the full-page redirect to Google, so the callback can bring the user back. */
export function rememberReturnUrl() {
  localStorage.setItem(RETURN_TO_URL_KEY, window.location.href);
}

/** The connect address, carrying this page's path so the server sends the browser back here (same origin only). */
export function connectUrl(location: Location = window.location) {
  const query = new URLSearchParams({ intent: "connect", returnToUrl: `${location.pathname}${location.search}` });
  return `${GOOGLE_CONNECT_PATH}?${query}`;
}

export function useDisconnectGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => send(api.auth.google.disconnect.$post()),
    onSuccess: async () => {
      toast({ title: translate("google.disconnected"), description: translate("google.disconnectedBody") });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: GOOGLE_STATUS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
      ]);
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: translate("google.disconnectFailed"),
        description: userMessage(error, translate("common.somethingWentWrong")),
      }),
  });
}

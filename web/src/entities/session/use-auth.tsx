import { useIsRestoring, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LoginInput, RegisterInput } from "@verbatim/shared/auth";
import type { PublicUser } from "@verbatim/shared/user";
import { createContext, type ReactNode, useContext, useEffect, useRef } from "react";
import { toast } from "@/components/ui/toast";
import { unsubscribeThisBrowser } from "@/entities/push/browser-push";
import { userMessage } from "@/lib/api";
import { translate } from "@/lib/i18n";
import { forgetCachedQueries } from "@/lib/query-client";
import { fetchCurrentUser, login, logout, register, USER_QUERY_KEY } from "./auth-api";

interface AuthContextValue {
  user: PublicUser | null;
  /** When the user data was last fetched (the avatar's cache-busting timestamp). */
  userVersion: number;
  /** True until the session is known: restoring the offline cache, then the first GET /api/user. */
  isLoading: boolean;
  login: (input: LoginInput) => Promise<PublicUser>;
  register: (input: RegisterInput) => Promise<PublicUser>;
  logout: () => Promise<void>;
  isLoggingOut: boolean;
  /** The session ended without a logout (the account was deleted): leave, and forget the user's data here. */
  endSession: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({
  children,
  onSignedOut,
}: {
  children: ReactNode;
  onSignedOut: () => Promise<void> | void;
}) {
  const queryClient = useQueryClient();
  const isRestoring = useIsRestoring();
  const userQuery = useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: fetchCurrentUser,
    // Re-checked on every app start; kept for offline starts, when the check cannot run.
    staleTime: 0,
    meta: { persist: true },
  });
  // An offline start keeps the restored user: only a 401 (null) signs out. A failure with nothing
  // cached yields no user.
  const user = userQuery.data ?? null;

  // Whatever is cached belongs to the previous user: drop it when the session ends (expiry, 401).
  const previousUserId = useRef<string | null>(null);
  useEffect(() => {
    if (previousUserId.current && previousUserId.current !== user?.id) void forgetCachedQueries(USER_QUERY_KEY);
    previousUserId.current = user?.id ?? null;
  }, [user?.id]);

  const setUser = (next: PublicUser | null) => queryClient.setQueryData(USER_QUERY_KEY, next);

  const loginMutation = useMutation({
    mutationFn: login,
    onSuccess: (signedIn) => {
      setUser(signedIn);
      toast({
        title: translate("auth.toast.loggedIn"),
        description: translate("auth.toast.welcomeBack", { name: signedIn.username }),
      });
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: translate("auth.toast.loginFailed"),
        description: userMessage(error, translate("auth.toast.loginFailed")),
      }),
  });

  const registerMutation = useMutation({
    mutationFn: register,
    onSuccess: (created) => {
      setUser(created);
      toast({
        title: translate("auth.toast.registered"),
        description: translate("auth.toast.welcome", { name: created.username }),
      });
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: translate("auth.toast.registerFailed"),
        description: userMessage(error, translate("auth.toast.registerFailed")),
      }),
  });

  const endSession = async () => {
    // This browser stops getting the account's notifications: the server deleted its subscription with the
    // session (or the account), and the browser's side ends here. A failure leaves nothing the server would use.
    await unsubscribeThisBrowser({ tellServer: false }).catch(() => undefined);
    // Leave the protected screen first, so it does not bounce to /auth when the user disappears.
    await onSignedOut();
    previousUserId.current = null;
    setUser(null);
    await forgetCachedQueries(USER_QUERY_KEY);
  };

  const logoutMutation = useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      await endSession();
      toast({ title: translate("auth.toast.loggedOut"), description: translate("auth.toast.loggedOutBody") });
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: translate("auth.toast.logoutFailed"),
        description: userMessage(error, translate("auth.toast.logoutFailed")),
      }),
  });

  const value: AuthContextValue = {
    user,
    userVersion: userQuery.dataUpdatedAt,
    isLoading: isRestoring || (userQuery.isPending && userQuery.fetchStatus === "fetching"),
    login: loginMutation.mutateAsync,
    register: registerMutation.mutateAsync,
    logout: () => logoutMutation.mutateAsync(),
    isLoggingOut: logoutMutation.isPending,
    endSession,
  };
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}

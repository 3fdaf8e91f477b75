import { useNavigate, useRouterState } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { useAuth } from "@/entities/session/use-auth";
import { PendingPage } from "./pending-page";

/**
 * Protected routes: the page's heading and placeholders while the session loads (what its prerendered HTML shows:
 * pending-page.tsx), /auth without a user, else the screen.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const href = useRouterState({ select: (s) => s.location.href });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const signedOut = !isLoading && !user;

  useEffect(() => {
    // The page asked for comes back after signing in (see GuestOnly). Once the redirect starts, the
    // location already reads /auth: that is not a page to come back to.
    if (signedOut && !href.startsWith("/auth"))
      void navigate({ to: "/auth", search: { redirect: href }, replace: true });
  }, [signedOut, href, navigate]);

  if (!user) return <PendingPage pathname={pathname} />;
  return children;
}

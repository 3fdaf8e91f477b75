import { useNavigate, useRouterState } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { useTranslations } from "use-intl";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/entities/session/use-auth";

/** Protected routes: a spinner while the session loads, /auth without a user, else the screen. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const t = useTranslations("layout");
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const href = useRouterState({ select: (s) => s.location.href });
  const signedOut = !isLoading && !user;

  useEffect(() => {
    // The page asked for comes back after signing in (see GuestOnly). Once the redirect starts, the
    // location already reads /auth: that is not a page to come back to.
    if (signedOut && !href.startsWith("/auth"))
      void navigate({ to: "/auth", search: { redirect: href }, replace: true });
  }, [signedOut, href, navigate]);

  if (!user) return <PageSpinner label={t("loadingSession")} />;
  return children;
}

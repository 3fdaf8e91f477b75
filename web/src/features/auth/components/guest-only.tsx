import { useNavigate, useSearch } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { useTranslations } from "use-intl";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/entities/session/use-auth";
import { safeRedirect } from "../lib/auth-search";

/**
 * The sign-in screens are for visitors: a signed-in user goes to /dashboard, or back to the page
 * that sent them to sign in. This is also how a successful login or registration leaves the form.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const t = useTranslations("auth");
  const { user, isLoading } = useAuth();
  const { redirect } = useSearch({ strict: false });
  const navigate = useNavigate();

  useEffect(() => {
    if (!user) return;
    const target = safeRedirect(redirect);
    void (target ? navigate({ href: target, replace: true }) : navigate({ to: "/dashboard", replace: true }));
  }, [user, redirect, navigate]);

  if (isLoading || user) return <PageSpinner label={t("checkingSession")} />;
  return children;
}

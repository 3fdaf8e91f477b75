import { createRootRoute, Outlet } from "@tanstack/react-router";
import { NotFoundPage } from "@/components/layout/not-found";
import { Toaster } from "@/components/ui/toast";
import { LocaleSync } from "@/entities/user/locale-sync";
import { ThemeSync } from "@/features/settings/components/theme-sync";

export const Route = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <Toaster />
      <ThemeSync />
      <LocaleSync />
    </>
  ),
  notFoundComponent: NotFoundPage,
});

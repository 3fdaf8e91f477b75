import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AuthLayout } from "@/components/layout/auth-layout";
import { validateAuthSearch } from "@/features/auth/lib/auth-search";

export const Route = createFileRoute("/_auth")({
  validateSearch: validateAuthSearch,
  component: () => (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  ),
});

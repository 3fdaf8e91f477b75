import { createFileRoute, Outlet } from "@tanstack/react-router";
import { RequireAuth } from "@/components/layout/require-auth";
import { VerifyBanner } from "@/features/email/components/verify-banner";

export const Route = createFileRoute("/_app/_protected")({
  component: () => (
    <RequireAuth>
      <VerifyBanner />
      <Outlet />
    </RequireAuth>
  ),
});

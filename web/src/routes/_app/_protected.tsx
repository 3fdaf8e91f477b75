import { createFileRoute, Outlet } from "@tanstack/react-router";
import { RequireAuth } from "@/components/layout/require-auth";

export const Route = createFileRoute("/_app/_protected")({
  component: () => (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  ),
});

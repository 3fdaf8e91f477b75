import { createFileRoute } from "@tanstack/react-router";
import { AuthLayout } from "@/components/layout/auth-layout";
import { ResetPasswordPage } from "@/features/email/components/reset-password-page";

/** An e-mailed link's page: open to anyone, signed in or not; the link's token is in `?token=`. */
export const Route = createFileRoute("/reset-password")({
  validateSearch: (search: Record<string, unknown>): { token: string } => ({
    token: typeof search.token === "string" ? search.token : "",
  }),
  component: function Page() {
    const { token } = Route.useSearch();
    return (
      <AuthLayout>
        <ResetPasswordPage token={token} />
      </AuthLayout>
    );
  },
});

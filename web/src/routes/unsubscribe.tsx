import { createFileRoute } from "@tanstack/react-router";
import { AuthLayout } from "@/components/layout/auth-layout";
import { UnsubscribePage } from "@/features/email/components/unsubscribe-page";

/** An e-mailed link's page: open to anyone, signed in or not; the link's token is in `?token=`. */
export const Route = createFileRoute("/unsubscribe")({
  validateSearch: (search: Record<string, unknown>): { token: string } => ({
    token: typeof search.token === "string" ? search.token : "",
  }),
  component: function Page() {
    const { token } = Route.useSearch();
    return (
      <AuthLayout>
        <UnsubscribePage token={token} />
      </AuthLayout>
    );
  },
});

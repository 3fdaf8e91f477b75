import { createFileRoute } from "@tanstack/react-router";
import { AuthLayout } from "@/components/layout/auth-layout";
import { InvitationPage } from "@/features/workspaces/components/invitation-page";

/** An invitation e-mail's link: open to anyone, signed in or not; the token is the invitation's secret. */
export const Route = createFileRoute("/invitations/$token")({
  component: function Page() {
    const { token } = Route.useParams();
    return (
      <AuthLayout>
        <InvitationPage token={token} />
      </AuthLayout>
    );
  },
});

import { createFileRoute } from "@tanstack/react-router";
import { SuccessPage } from "@/features/subscription/components/success-page";

/** The payment provider appends its checkout session id as `session_id`. */
export const Route = createFileRoute("/_app/_protected/subscription/success")({
  validateSearch: (search: Record<string, unknown>): { session_id?: string } => ({
    session_id: typeof search.session_id === "string" && search.session_id ? search.session_id : undefined,
  }),
  component: function SuccessRoute() {
    const { session_id } = Route.useSearch();
    return <SuccessPage sessionId={session_id} />;
  },
});

import { createFileRoute } from "@tanstack/react-router";
import { CalendarPage } from "@/features/calendar/components/calendar-page";

/** Google's callback may come back here with ?error=… (Google sign-in's error codes). */
export const Route = createFileRoute("/_app/_protected/calendar")({
  validateSearch: (search: Record<string, unknown>): { error?: string; transcribe?: string } => ({
    error: typeof search.error === "string" && search.error ? search.error : undefined,
    // Back from Google's Drive consent: transcribe this meeting's recording now.
    transcribe: typeof search.transcribe === "string" && search.transcribe ? search.transcribe : undefined,
  }),
  component: function CalendarRoute() {
    const { error, transcribe } = Route.useSearch();
    return <CalendarPage error={error} transcribe={transcribe} />;
  },
});

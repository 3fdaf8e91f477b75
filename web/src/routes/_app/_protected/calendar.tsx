import { createFileRoute } from "@tanstack/react-router";
import { CalendarPage } from "@/features/calendar/components/calendar-page";

/** Google's callback may come back here with ?error=… (spec §8). */
export const Route = createFileRoute("/_app/_protected/calendar")({
  validateSearch: (search: Record<string, unknown>): { error?: string } => ({
    error: typeof search.error === "string" && search.error ? search.error : undefined,
  }),
  component: function CalendarRoute() {
    const { error } = Route.useSearch();
    return <CalendarPage error={error} />;
  },
});

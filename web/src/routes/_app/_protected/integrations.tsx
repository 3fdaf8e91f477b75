import { createFileRoute } from "@tanstack/react-router";
import { validateAuthSearch } from "@/features/auth/lib/auth-search";
import { IntegrationsPage } from "@/features/integrations/components/integrations-page";

/** A failed Google connection comes back here with ?error=… (Google sign-in's error codes). */
export const Route = createFileRoute("/_app/_protected/integrations")({
  validateSearch: (search: Record<string, unknown>): { error?: string } => ({
    error: validateAuthSearch(search).error,
  }),
  component: IntegrationsPage,
});

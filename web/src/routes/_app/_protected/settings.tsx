import { createFileRoute } from "@tanstack/react-router";
import { validateAuthSearch } from "@/features/auth/lib/auth-search";
import { SettingsPage } from "@/features/settings/components/settings-page";

/** A failed Google connection from the Account tab comes back here with ?error=… (Google sign-in's error codes). */
export const Route = createFileRoute("/_app/_protected/settings")({
  validateSearch: (search: Record<string, unknown>): { error?: string } => ({
    error: validateAuthSearch(search).error,
  }),
  component: SettingsPage,
});

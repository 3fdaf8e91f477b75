import { createFileRoute } from "@tanstack/react-router";
import { GoogleOAuthHelpPage } from "@/features/google-help/components/google-oauth-help-page";

export const Route = createFileRoute("/_app/google-oauth-help")({ component: GoogleOAuthHelpPage });

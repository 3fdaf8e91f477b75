import { createFileRoute } from "@tanstack/react-router";
import { IntegrationsPage } from "@/features/integrations/components/integrations-page";

export const Route = createFileRoute("/_app/_protected/integrations")({ component: IntegrationsPage });

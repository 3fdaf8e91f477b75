import { createFileRoute } from "@tanstack/react-router";
import { TranscriptionsPage } from "@/features/transcriptions/components/transcriptions-page";

export const Route = createFileRoute("/_app/_protected/dashboard")({ component: TranscriptionsPage });

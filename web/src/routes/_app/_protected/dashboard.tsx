import { createFileRoute } from "@tanstack/react-router";
import { TranscriptionsPage } from "@/features/transcriptions/components/transcriptions-page";
import { PendingUploads } from "@/features/upload/components/pending-uploads";

/** The transcriptions list; under its heading, the uploads waiting to be sent or refused (kept until the user acts). */
function Dashboard() {
  return <TranscriptionsPage uploads={<PendingUploads />} />;
}

export const Route = createFileRoute("/_app/_protected/dashboard")({ component: Dashboard });

import { createFileRoute } from "@tanstack/react-router";
import { TranscriptionsPage } from "@/features/transcriptions/components/transcriptions-page";
import { PendingUploads } from "@/features/upload/components/pending-uploads";

/** The transcriptions list, under the uploads waiting to be sent or refused (they stay until the user acts). */
function Dashboard() {
  return (
    <>
      <PendingUploads />
      <TranscriptionsPage />
    </>
  );
}

export const Route = createFileRoute("/_app/_protected/dashboard")({ component: Dashboard });

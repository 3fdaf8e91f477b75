import { createFileRoute } from "@tanstack/react-router";
import { VerifyBanner } from "@/features/email/components/verify-banner";
import { TranscriptionsPage } from "@/features/transcriptions/components/transcriptions-page";
import { PendingUploads } from "@/features/upload/components/pending-uploads";

/**
 * The transcriptions list; under its heading, the reminder to confirm the e-mail address and the uploads waiting to
 * be sent or refused (kept until the user acts). The reminder is here, not on every screen: on a phone it would
 * push a transcript's first lines off the first screen.
 */
function Dashboard() {
  return (
    <TranscriptionsPage
      uploads={
        <>
          <VerifyBanner />
          <PendingUploads />
        </>
      }
    />
  );
}

export const Route = createFileRoute("/_app/_protected/dashboard")({ component: Dashboard });

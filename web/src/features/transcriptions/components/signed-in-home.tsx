import { AppLayout } from "@/components/layout/app-layout";
import { TranscriptionsPage } from "@/features/transcriptions/components/transcriptions-page";

export default function SignedInHome() {
  return (
    <AppLayout>
      <TranscriptionsPage />
    </AppLayout>
  );
}

import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { useTranslations } from "use-intl";
import { PageSpinner } from "@/components/ui/spinner";
import { HomePage } from "@/features/home/components/home-page";
import { LandingPage } from "@/features/landing/components/landing-page";

// Loaded only for signed-in users, so visitors' landing page carries no app-shell or list code.
const SignedInHome = lazy(async () => {
  const [{ AppLayout }, { TranscriptionsPage }, { UploadQueueRunner }, { PendingUploads }, { VerifyBanner }] =
    await Promise.all([
      import("@/components/layout/app-layout"),
      import("@/features/transcriptions/components/transcriptions-page"),
      import("@/features/upload/components/upload-queue-runner"),
      import("@/features/upload/components/pending-uploads"),
      import("@/features/email/components/verify-banner"),
    ]);
  return {
    default: () => (
      <AppLayout>
        <TranscriptionsPage
          uploads={
            <>
              <VerifyBanner />
              <PendingUploads />
            </>
          }
        />
        <UploadQueueRunner />
      </AppLayout>
    ),
  };
});

function Home() {
  const t = useTranslations("transcriptions");
  return (
    <HomePage
      landing={<LandingPage />}
      signedIn={
        <Suspense fallback={<PageSpinner label={t("loadingYours")} />}>
          <SignedInHome />
        </Suspense>
      }
    />
  );
}

export const Route = createFileRoute("/")({ component: Home });

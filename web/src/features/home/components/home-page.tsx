import { lazy, Suspense } from "react";
import { PublicLayout } from "@/components/layout/public-layout";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { LandingPage } from "@/features/landing/components/landing-page";

// Loaded only for signed-in users, so visitors' landing page carries no app-shell or list code.
const SignedInHome = lazy(() => import("./signed-in-home"));

/** "/": the transcription list in the app shell for a signed-in user, the landing page for a visitor. */
export function HomePage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner label="Loading" />;
  if (user) {
    return (
      <Suspense fallback={<PageSpinner label="Loading your transcriptions" />}>
        <SignedInHome />
      </Suspense>
    );
  }
  return (
    <PublicLayout>
      <LandingPage />
    </PublicLayout>
  );
}

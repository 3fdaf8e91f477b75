import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { PublicLayout } from "@/components/layout/public-layout";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/entities/session/use-auth";

/**
 * "/": the transcription list in the app shell for a signed-in user, the landing page for a visitor. The route
 * passes both in (a feature does not import another feature); `signedIn` is lazy, so visitors' landing page
 * carries no app-shell or list code.
 */
export function HomePage({ landing, signedIn }: { landing: ReactNode; signedIn: ReactNode }) {
  const t = useTranslations("common");
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner label={t("loading")} />;
  if (user) return signedIn;
  return <PublicLayout>{landing}</PublicLayout>;
}

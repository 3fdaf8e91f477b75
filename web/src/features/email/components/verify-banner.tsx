import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useAuth } from "@/entities/session/use-auth";
import { userMessage } from "@/lib/api";
import { resendVerification } from "../api/email-api";

/**
 * While the account's address is unconfirmed the app works as ever, and says so here: notification e-mails wait
 * until the link in the confirmation e-mail is opened. "Resend" sends a new link.
 */
export function VerifyBanner() {
  const t = useTranslations("email.banner");
  const { user } = useAuth();
  const [pending, setPending] = useState(false);
  if (user?.email_verified !== false) return null;

  const resend = async () => {
    setPending(true);
    try {
      await resendVerification();
      toast({ title: t("sentTitle"), description: t("sent", { email: user.email }) });
    } catch (error) {
      toast({ variant: "destructive", title: t("failedTitle"), description: userMessage(error, t("failed")) });
    } finally {
      setPending(false);
    }
  };

  return (
    <div
      role="status"
      data-testid="verify-banner"
      className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>{t("message", { email: user.email })}</p>
      <Button size="sm" variant="outline" onClick={resend} disabled={pending} className="shrink-0">
        {pending && <ButtonSpinner />}
        {t("resend")}
      </Button>
    </div>
  );
}

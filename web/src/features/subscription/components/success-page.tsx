import { Link } from "@tanstack/react-router";
import { isActivePro } from "@verbatim/shared/subscription";
import { useEffect, useRef } from "react";
import { useTranslations } from "use-intl";
import { CheckIcon, UploadIcon } from "@/components/layout/icons";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { usePlans } from "@/entities/subscription/plans";
import { useSubscription } from "@/entities/subscription/subscription-api";

/** /subscription/success?session_id=…: the payment success page. */
export function SuccessPage({ sessionId }: { sessionId: string | undefined }) {
  const t = useTranslations("subscription.success");
  const { proFeatures } = usePlans();
  // Polling runs while a checkout session is known, until the plan shows up as active.
  const subscription = useSubscription({ pollUntilActive: Boolean(sessionId) });
  const active = isActivePro(subscription.data);

  const announced = useRef(false);
  useEffect(() => {
    if (!active || !sessionId || announced.current) return;
    announced.current = true;
    toast({ title: t("activated"), description: t("activatedBody") });
  }, [active, sessionId, t]);

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Card className="space-y-6 p-6 text-center md:p-10">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300">
          <CheckIcon className="size-7" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t("title")}</h1>
        <div aria-live="polite" className="text-muted-foreground">
          {subscription.isPending ? (
            <p className="inline-flex items-center gap-2">
              <Spinner label={t("checking")} className="[&>span:first-child]:size-4" />
              {t("activating")}
            </p>
          ) : active ? (
            <p>{t("active")}</p>
          ) : (
            <p>{t("pending")}</p>
          )}
        </div>
        <div className="text-left">
          <h2 className="mb-3 font-semibold">{t("includes")}</h2>
          <ul className="space-y-2 text-sm">
            {proFeatures.map((feature) => (
              <li key={feature} className="flex gap-2">
                <CheckIcon />
                {feature}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col gap-3 md:flex-row md:justify-center">
          <Link to="/dashboard" className={buttonVariants({ className: "w-full md:w-auto" })}>
            {t("dashboard")}
          </Link>
          <Link to="/upload" className={buttonVariants({ variant: "outline", className: "w-full md:w-auto" })}>
            <UploadIcon />
            {t("upload")}
          </Link>
        </div>
        {sessionId && <p className="text-xs text-muted-foreground">{t("reference", { id: sessionId })}</p>}
      </Card>
    </div>
  );
}

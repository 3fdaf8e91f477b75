import { Link } from "@tanstack/react-router";
import type { PlanUsage as Usage } from "@verbatim/shared/subscription";
import { useTranslations } from "use-intl";

/** "2 of 3 free transcriptions used this month", with the way out once they are used up. */
export function PlanUsage({ usage, upgradeLink = false }: { usage: Usage; upgradeLink?: boolean }) {
  const t = useTranslations("plans.usage");
  if (usage.limit === null) return null;
  const left = usage.limit - usage.used;
  return (
    <p data-testid="plan-usage" className="text-sm text-muted-foreground">
      {t("used", { used: Math.min(usage.used, usage.limit), limit: usage.limit })}
      {left <= 0 && (
        <>
          {" "}
          ·{" "}
          {upgradeLink ? (
            <Link to="/subscription" className="font-medium text-primary underline underline-offset-4">
              {t("upgradeLink")}
            </Link>
          ) : (
            t("upgradeText")
          )}
        </>
      )}
    </p>
  );
}

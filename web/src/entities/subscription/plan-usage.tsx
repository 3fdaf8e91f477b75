import { Link } from "@tanstack/react-router";
import type { PlanUsage as Usage } from "@verbatim/shared/subscription";
import { useTranslations } from "use-intl";

interface PlanUsageProps {
  usage: Usage;
  upgradeLink?: boolean;
  /** A team's count (its own, not the caller's): named, so it is not read as the caller's personal one. */
  team?: string | null;
  /** The team's owner when the caller cannot upgrade it (the owner's subscription covers the team). */
  askOwner?: string | null;
}

/** "2 of 3 free transcriptions used this month", with the way out once they are used up. */
export function PlanUsage({ usage, upgradeLink = false, team = null, askOwner = null }: PlanUsageProps) {
  const t = useTranslations("plans.usage");
  if (usage.limit === null) return null;
  const left = usage.limit - usage.used;
  const used = Math.min(usage.used, usage.limit);
  return (
    <p data-testid="plan-usage" className="text-sm text-muted-foreground">
      {team === null ? t("used", { used, limit: usage.limit }) : t("teamUsed", { team, used, limit: usage.limit })}
      {left <= 0 && (
        <>
          {" "}
          ·{" "}
          {askOwner !== null ? (
            t("askOwner", { owner: askOwner })
          ) : upgradeLink ? (
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

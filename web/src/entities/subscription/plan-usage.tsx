import { Link } from "@tanstack/react-router";
import type { PlanUsage as Usage } from "@verbatim/shared/subscription";

/** "2 of 3 free transcriptions used this month", with the way out once they are used up. */
export function PlanUsage({ usage, upgradeLink = false }: { usage: Usage; upgradeLink?: boolean }) {
  if (usage.limit === null) return null;
  const left = usage.limit - usage.used;
  return (
    <p data-testid="plan-usage" className="text-sm text-muted-foreground">
      {Math.min(usage.used, usage.limit)} of {usage.limit} free transcriptions used this month
      {left <= 0 && (
        <>
          {" "}
          ·{" "}
          {upgradeLink ? (
            <Link to="/subscription" className="font-medium text-primary underline underline-offset-4">
              Upgrade to Pro for unlimited transcriptions
            </Link>
          ) : (
            "upgrade to Pro for unlimited transcriptions"
          )}
        </>
      )}
    </p>
  );
}

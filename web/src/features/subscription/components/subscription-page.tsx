import { isActivePro, type Subscription } from "@verbatim/shared/subscription";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ButtonSpinner, PageSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { PlanUsage } from "@/entities/subscription/plan-usage";
import { type PlanOption, priceIdOf, usePlans } from "@/entities/subscription/plans";
import { useCheckout, useCustomerPortal, useSubscription } from "@/entities/subscription/subscription-api";
import { PlanCard } from "./plan-card";

type PaidPlanId = Exclude<PlanOption["id"], "free">;

/** /subscription: the plan and its states (docs/architecture/billing.md#status-to-plan). */
export function SubscriptionPage() {
  const t = useTranslations("subscription");
  const { options: PLAN_OPTIONS } = usePlans();
  const subscription = useSubscription();
  const [selected, setSelected] = useState<PaidPlanId | null>(null);
  const checkout = useCheckout();
  const portal = useCustomerPortal();

  const subscribe = () => {
    const plan = PLAN_OPTIONS.find((p) => p.id === selected);
    const priceId = plan && subscription.data ? priceIdOf(plan, subscription.data) : null;
    if (!priceId) {
      toast({
        variant: "destructive",
        title: t("invalidSelection"),
        description: t("invalidSelectionBody"),
      });
      return;
    }
    checkout.mutate(priceId);
  };

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
      </div>

      {subscription.isPending ? (
        <PageSpinner label={t("loading")} />
      ) : subscription.isError ? (
        <Card role="alert" className="space-y-3 p-6">
          <p className="font-semibold text-destructive">{t("loadFailed")}</p>
          <Button variant="outline" onClick={() => void subscription.refetch()} className="w-full md:w-auto">
            {t("tryAgain")}
          </Button>
        </Card>
      ) : (
        <>
          <CurrentPlan subscription={subscription.data} managing={portal.isPending} onManage={() => portal.mutate()} />
          <ul className="grid gap-6 lg:grid-cols-3" aria-label={t("plans")}>
            {PLAN_OPTIONS.map((plan) => (
              <li key={plan.id} className="flex">
                <PlanCard
                  plan={plan}
                  subscription={subscription.data}
                  selected={selected === plan.id}
                  onSelect={() => plan.id !== "free" && setSelected(plan.id)}
                />
              </li>
            ))}
          </ul>
          {selected && !isActivePro(subscription.data) && (
            <div className="flex flex-col gap-3 rounded-lg border bg-card p-4 md:flex-row md:items-center md:justify-between">
              <p className="text-sm">
                {t.rich("selectedPlan", {
                  plan: PLAN_OPTIONS.find((p) => p.id === selected)?.title ?? "",
                  strong: (chunks) => <span className="font-semibold">{chunks}</span>,
                })}
              </p>
              <Button size="lg" onClick={subscribe} disabled={checkout.isPending} className="w-full md:w-auto">
                {checkout.isPending && <ButtonSpinner />}
                {t("subscribe")}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function CurrentPlan({
  subscription,
  managing,
  onManage,
}: {
  subscription: Subscription;
  managing: boolean;
  onManage: () => void;
}) {
  const t = useTranslations("subscription");
  const active = subscription.status === "active";
  return (
    <Card className="flex flex-col gap-4 p-6 md:flex-row md:items-center md:justify-between">
      <div className="space-y-1">
        <p className="text-sm text-muted-foreground">{t("currentPlan")}</p>
        <p className="flex flex-wrap items-center gap-2 text-xl font-semibold">
          {subscription.plan === "PRO" ? t("pro") : t("free")}
          <Badge tone={active ? "green" : "amber"}>{active ? t("active") : subscription.status}</Badge>
        </p>
        {subscription.plan === "PRO" && !active && (
          <p role="alert" className="text-sm text-destructive">
            {t("notActive")}
          </p>
        )}
        <PlanUsage usage={subscription.usage} />
      </div>
      {isActivePro(subscription) && (
        <Button variant="outline" onClick={onManage} disabled={managing} className="w-full md:w-auto">
          {managing && <ButtonSpinner />}
          {t("manage")}
        </Button>
      )}
    </Card>
  );
}

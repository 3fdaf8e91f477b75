import { isActivePro, type Subscription } from "@verbatim/shared/subscription";
import { useId } from "react";
import { useTranslations } from "use-intl";
import { CheckIcon } from "@/components/layout/icons";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { type PlanOption, priceIdOf } from "@/entities/subscription/plans";
import { cn } from "@/lib/cn";

export function PlanCard({
  plan,
  subscription,
  selected,
  onSelect,
}: {
  plan: PlanOption;
  subscription: Subscription;
  selected: boolean;
  onSelect: () => void;
}) {
  const t = useTranslations("subscription");
  const titleId = useId();
  const noteId = useId();
  const paid = plan.id !== "free";
  const subscribed = isActivePro(subscription);
  // The server says whether it sells this plan: without Stripe configured it does not.
  const unavailable = paid && !priceIdOf(plan, subscription);

  return (
    <Card
      role="group"
      aria-labelledby={titleId}
      className={cn(
        "relative flex w-full flex-col p-6",
        plan.popular && "border-primary",
        selected && "ring-2 ring-primary",
      )}
    >
      {plan.popular && (
        <Badge tone="blue" className="absolute -top-3 left-6">
          {t("mostPopular")}
        </Badge>
      )}
      <h2 id={titleId} className="text-lg font-semibold">
        {plan.title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-3xl font-bold tracking-tight">{plan.price}</span>
        <span className="text-sm text-muted-foreground">{plan.priceDetail}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-6 space-y-2">
        {!paid ? (
          subscription.plan === "FREE" && (
            <Button variant="outline" disabled className="w-full">
              {t("currentPlanButton")}
            </Button>
          )
        ) : subscribed ? (
          <Button disabled className="w-full">
            {t("alreadySubscribed")}
          </Button>
        ) : (
          <>
            <Button
              variant={selected ? "default" : "outline"}
              aria-pressed={selected}
              disabled={unavailable}
              aria-describedby={unavailable ? noteId : undefined}
              onClick={onSelect}
              className="w-full"
            >
              {selected ? t("selected") : t("select")}
            </Button>
            {unavailable && (
              <p id={noteId} className="text-center text-xs text-muted-foreground">
                {t("paymentsNotConfigured")}
              </p>
            )}
          </>
        )}
      </div>
    </Card>
  );
}

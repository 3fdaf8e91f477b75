import { Link } from "@tanstack/react-router";
import {
  ANNUAL_DISCOUNT,
  PRO_ANNUAL_CENTS,
  PRO_ANNUAL_PER_MONTH_CENTS,
  PRO_MONTHLY_USD,
} from "@verbatim/shared/subscription";
import { type ReactNode, useState } from "react";
import { useTranslations } from "use-intl";
import { CheckIcon } from "@/components/layout/icons";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { useAuth } from "@/entities/session/use-auth";
import { usePlans } from "@/entities/subscription/plans";
import { cn } from "@/lib/cn";
import { formatMoney } from "@/lib/format";

type Billing = "monthly" | "yearly";

/** /pricing: yearly is 19 × 12 × 0.8 = 182.40 a year, shown as 15.20 a month. */
export function PricingPage() {
  const t = useTranslations("pricing");
  const { freeFeatures, proFeatures } = usePlans();
  // A visitor signs in first (the login page, then on to the plans); a signed-in user goes straight there.
  const signedIn = useAuth().user !== null;
  const [billing, setBilling] = useState<Billing>("monthly");
  const yearly = billing === "yearly";

  return (
    <div className="mx-auto max-w-5xl px-4 py-16 md:px-6 md:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight md:text-5xl">{t("title")}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{t("subtitle")}</p>
      </div>

      <div className="mt-10 flex flex-col items-center gap-2">
        <SegmentedControl<Billing>
          label={t("billingPeriod")}
          value={billing}
          onValueChange={setBilling}
          options={[
            { value: "monthly", label: t("monthly") },
            { value: "yearly", label: t("yearly") },
          ]}
        />
        <p className="text-sm text-muted-foreground">{t("yearlySaving", { discount: ANNUAL_DISCOUNT })}</p>
      </div>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <PriceCard
          id="free"
          title={t("free.title")}
          description={t("free.description")}
          amount={formatMoney(0, { whole: true })}
          period={t("perMonth")}
          detail={t("free.detail")}
          features={freeFeatures}
          cta={
            <Link to="/register" className={buttonVariants({ variant: "outline", size: "lg", className: "w-full" })}>
              {t("free.cta")}
            </Link>
          }
        />
        <PriceCard
          highlighted
          id="pro"
          title={t("pro.title")}
          description={t("pro.description")}
          amount={formatMoney(yearly ? PRO_ANNUAL_PER_MONTH_CENTS : PRO_MONTHLY_USD * 100)}
          period={t("perMonth")}
          detail={yearly ? t("pro.billedYearly", { amount: formatMoney(PRO_ANNUAL_CENTS) }) : t("pro.billedMonthly")}
          features={proFeatures}
          cta={
            <Link
              to={signedIn ? "/subscription" : "/login"}
              search={signedIn ? undefined : { redirect: "/subscription" }}
              className={buttonVariants({ size: "lg", className: "w-full" })}
            >
              {t("pro.cta")}
            </Link>
          }
        />
      </div>
    </div>
  );
}

function PriceCard({
  id,
  title,
  description,
  amount,
  period,
  detail,
  features,
  cta,
  highlighted = false,
}: {
  /** The card's test id ("free-price"), the same in every language. */
  id: "free" | "pro";
  title: string;
  description: string;
  amount: string;
  period: string;
  detail: string;
  features: string[];
  cta: ReactNode;
  highlighted?: boolean;
}) {
  const t = useTranslations("pricing");
  return (
    <Card className={cn("relative flex flex-col p-6 md:p-8", highlighted && "border-primary shadow-md")}>
      {highlighted && (
        <Badge tone="blue" className="absolute -top-3 left-6">
          {t("mostPopular")}
        </Badge>
      )}
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      {/* Announced when the billing toggle changes it. */}
      <div aria-live="polite" data-testid={`${id}-price`}>
        <p className="mt-6 flex items-baseline gap-1">
          <span className="text-4xl font-bold tracking-tight">{amount}</span>
          <span className="text-muted-foreground">{period}</span>
        </p>
        <p className="mt-1 text-sm text-muted-foreground">{detail}</p>
      </div>
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8">{cta}</div>
    </Card>
  );
}

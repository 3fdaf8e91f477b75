import { Link } from "@tanstack/react-router";
import {
  ANNUAL_DISCOUNT,
  PRO_ANNUAL_CENTS,
  PRO_ANNUAL_PER_MONTH_CENTS,
  PRO_MONTHLY_USD,
} from "@verbatim/shared/subscription";
import { type ReactNode, useState } from "react";
import { CheckIcon } from "@/components/layout/icons";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { FREE_FEATURES, PRO_FEATURES } from "@/entities/subscription/plans";
import { cn } from "@/lib/cn";

type Billing = "monthly" | "yearly";

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** /pricing: yearly is 19 × 12 × 0.8 = 182.40 a year, shown as 15.20 a month. */
export function PricingPage() {
  const [billing, setBilling] = useState<Billing>("monthly");
  const yearly = billing === "yearly";

  return (
    <div className="mx-auto max-w-5xl px-4 py-16 md:px-6 md:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight md:text-5xl">Simple, transparent pricing</h1>
        <p className="mt-4 text-lg text-muted-foreground">Start free. Upgrade when your meetings need more.</p>
      </div>

      <div className="mt-10 flex flex-col items-center gap-2">
        <SegmentedControl<Billing>
          label="Billing period"
          value={billing}
          onValueChange={setBilling}
          options={[
            { value: "monthly", label: "Monthly" },
            { value: "yearly", label: "Yearly" },
          ]}
        />
        <p className="text-sm text-muted-foreground">Save {ANNUAL_DISCOUNT * 100}% with yearly billing</p>
      </div>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <PriceCard
          title="Free"
          description="For trying Verbatim on a few recordings."
          amount="0"
          period="/month"
          detail="No card needed"
          features={FREE_FEATURES}
          cta={
            <Link to="/register" className={buttonVariants({ variant: "outline", size: "lg", className: "w-full" })}>
              Get started free
            </Link>
          }
        />
        <PriceCard
          highlighted
          title="Pro"
          description="For professionals and teams who record every week."
          amount={yearly ? dollars(PRO_ANNUAL_PER_MONTH_CENTS) : dollars(PRO_MONTHLY_USD * 100)}
          period="/month"
          detail={yearly ? `$${dollars(PRO_ANNUAL_CENTS)} billed yearly` : "Billed monthly"}
          features={PRO_FEATURES}
          cta={
            <Link to="/subscription" className={buttonVariants({ size: "lg", className: "w-full" })}>
              Upgrade to Pro
            </Link>
          }
        />
      </div>
    </div>
  );
}

function PriceCard({
  title,
  description,
  amount,
  period,
  detail,
  features,
  cta,
  highlighted = false,
}: {
  title: string;
  description: string;
  amount: string;
  period: string;
  detail: string;
  features: string[];
  cta: ReactNode;
  highlighted?: boolean;
}) {
  return (
    <Card className={cn("relative flex flex-col p-6 md:p-8", highlighted && "border-primary shadow-md")}>
      {highlighted && (
        <Badge tone="blue" className="absolute -top-3 left-6">
          Most popular
        </Badge>
      )}
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      {/* Announced when the billing toggle changes it. */}
      <div aria-live="polite" data-testid={`${title.toLowerCase()}-price`}>
        <p className="mt-6 flex items-baseline gap-1">
          <span className="text-4xl font-bold tracking-tight">${amount}</span>
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

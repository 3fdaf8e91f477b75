import { FREE_PLAN, PRO_ANNUAL_CENTS, PRO_MONTHLY_USD, type Subscription } from "@verbatim/shared/subscription";
import { useTranslations } from "use-intl";
import { formatMoney } from "@/lib/format";

/**
 * The plan catalogue, with the one FREE plan the server enforces (the plans page's figures;
 * docs/deviations-from-the-spec.md, "One Free plan"). Landing, pricing, FAQ and this page all show these lists;
 * their words are under `plans` in the message catalogues.
 */
export interface PlanOption {
  id: "free" | "pro-monthly" | "pro-annual";
  title: string;
  description: string;
  price: string;
  priceDetail: string;
  features: string[];
  popular?: boolean;
  /** Which of the server's prices (GET /api/subscription `prices`) the plan sells; none for Free. */
  priceKey: "monthly" | "annual" | null;
}

/** The plan's price id on this server; null while the server has no payments configured. */
export const priceIdOf = (plan: Pick<PlanOption, "priceKey">, subscription: Subscription) =>
  plan.priceKey && subscription.prices ? subscription.prices[plan.priceKey] : null;

const PLANS = [
  { id: "free", key: "free", cents: 0, period: "forever", priceKey: null },
  { id: "pro-monthly", key: "proMonthly", cents: PRO_MONTHLY_USD * 100, period: "perMonth", priceKey: "monthly" },
  { id: "pro-annual", key: "proAnnual", cents: PRO_ANNUAL_CENTS, period: "perYear", priceKey: "annual" },
] as const;

/** The plans' features and options in the active language. */
export function usePlans() {
  const t = useTranslations("plans");
  const freeFeatures = [
    t("features.freePerMonth", { count: FREE_PLAN.transcriptionsPerMonth }),
    t("features.freeMinutes", { count: FREE_PLAN.maxMinutesPerTranscription }),
    t("features.summaries"),
    // Every plan exports every format (docs/deviations-from-the-spec.md, "Every plan exports every format").
    t("features.exportAll"),
  ];
  const proFeatures = [
    t("features.unlimited"),
    t("features.longFiles"),
    t("features.aiSummaries"),
    t("features.topics"),
    t("features.exportAll"),
    t("features.priority"),
  ];
  const options: PlanOption[] = PLANS.map((plan) => ({
    id: plan.id,
    title: t(`${plan.key}.title`),
    description: t(`${plan.key}.description`),
    price: formatMoney(plan.cents, { whole: plan.cents === 0 }),
    priceDetail: t(`period.${plan.period}`),
    features: plan.id === "free" ? freeFeatures : proFeatures,
    popular: plan.id === "pro-monthly",
    priceKey: plan.priceKey,
  }));
  /** "3 free transcriptions a month, up to 5 minutes each". */
  const freeSummary = t("freeSummary", {
    count: FREE_PLAN.transcriptionsPerMonth,
    minutes: FREE_PLAN.maxMinutesPerTranscription,
  });
  return { freeFeatures, proFeatures, options, freeSummary };
}

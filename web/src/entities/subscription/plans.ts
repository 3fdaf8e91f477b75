import { FREE_PLAN, PRO_ANNUAL_CENTS, PRO_MONTHLY_USD, type Subscription } from "@verbatim/shared/subscription";

/**
 * The plan catalogue, with the one FREE plan the server enforces (the plans page's figures;
 * docs/deviations-from-the-spec.md, "One Free plan"). Landing, pricing, FAQ and this page all show these lists.
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
export const priceIdOf = (plan: PlanOption, subscription: Subscription) =>
  plan.priceKey && subscription.prices ? subscription.prices[plan.priceKey] : null;

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export const FREE_FEATURES = [
  `${FREE_PLAN.transcriptionsPerMonth} transcriptions per month`,
  `${FREE_PLAN.maxMinutesPerTranscription} minutes maximum per transcription`,
  "Summaries and key points",
  "Export as TXT",
];

export const PRO_FEATURES = [
  "Unlimited transcriptions",
  "Files up to 10 hours and 5GB",
  "AI summaries, key points and action items",
  "Topic detection and speaker identification",
  "Export as PDF, DOCX, SRT/VTT, CSV and TXT",
  "Priority processing",
];

export const PLAN_OPTIONS: readonly PlanOption[] = [
  {
    id: "free",
    title: "Free",
    description: "Try Verbatim on a few recordings.",
    price: "$0",
    priceDetail: "forever",
    features: FREE_FEATURES,
    priceKey: null,
  },
  {
    id: "pro-monthly",
    title: "Pro Monthly",
    description: "Everything, billed month to month.",
    price: usd(PRO_MONTHLY_USD * 100),
    priceDetail: "per month",
    features: PRO_FEATURES,
    popular: true,
    priceKey: "monthly",
  },
  {
    id: "pro-annual",
    title: "Pro Annual",
    description: "Save 20% — two months free.",
    price: usd(PRO_ANNUAL_CENTS),
    priceDetail: "per year",
    features: PRO_FEATURES,
    priceKey: "annual",
  },
];

export const PRO_INCLUDES = PRO_FEATURES;

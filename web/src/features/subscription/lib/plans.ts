import { PRO_ANNUAL_CENTS, PRO_MONTHLY_USD } from "@verbatim/shared/subscription";

/** Spec §3 "Plan catalogue (client)" with the plans page's figures (§9). */
export interface PlanOption {
  id: "free" | "pro-monthly" | "pro-annual";
  title: string;
  description: string;
  price: string;
  priceDetail: string;
  features: string[];
  popular?: boolean;
  /**
   * The payment provider's price id. Unset placeholders until payments are configured (VITE_STRIPE_PRICE_*
   * at build time); a paid plan without one cannot be selected (spec §3).
   */
  priceId: string | null;
}

const envPrice = (value: string | undefined) => (value?.startsWith("price_") ? value : null);

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const PRO_FEATURES = [
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
    features: ["3 transcriptions per month", "5 minutes maximum per transcription", "Summaries and key points", "Export as TXT"],
    priceId: null,
  },
  {
    id: "pro-monthly",
    title: "Pro Monthly",
    description: "Everything, billed month to month.",
    price: usd(PRO_MONTHLY_USD * 100),
    priceDetail: "per month",
    features: PRO_FEATURES,
    popular: true,
    priceId: envPrice(import.meta.env.VITE_STRIPE_PRICE_PRO_MONTHLY),
  },
  {
    id: "pro-annual",
    title: "Pro Annual",
    description: "Save 20% — two months free.",
    price: usd(PRO_ANNUAL_CENTS),
    priceDetail: "per year",
    features: PRO_FEATURES,
    priceId: envPrice(import.meta.env.VITE_STRIPE_PRICE_PRO_ANNUAL),
  },
];

export const PRO_INCLUDES = PRO_FEATURES;

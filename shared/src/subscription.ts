import { z } from "zod";

// The subscription as the client sees it (spec §3 "Subscription (client view)", §4, §9 Plans).

export const PLANS = ["FREE", "PRO"] as const;
export type Plan = (typeof PLANS)[number];

export const subscriptionSchema = z.object({
  plan: z.enum(PLANS),
  /** 'active' or a payment provider's other states (past_due, canceled, …). */
  status: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const isActivePro = (s: Subscription | undefined) => s?.plan === "PRO" && s.status === "active";

/** §9: Pro is $19.00 a month; a year is billed with 20% off (19 × 12 × 0.8 = 182.40, i.e. 15.20 a month). */
export const PRO_MONTHLY_USD = 19;
export const ANNUAL_DISCOUNT = 0.2;
/** In cents so the arithmetic is exact: 182.40, never 182.39999999999998. */
export const PRO_ANNUAL_CENTS = Math.round(PRO_MONTHLY_USD * 100 * 12 * (1 - ANNUAL_DISCOUNT));
export const PRO_ANNUAL_PER_MONTH_CENTS = Math.round(PRO_ANNUAL_CENTS / 12);

import { z } from "zod";

// The subscription as the client sees it (docs/architecture/billing.md).

export const PLANS = ["FREE", "PRO"] as const;
export type Plan = (typeof PLANS)[number];

/**
 * The one FREE plan the server enforces (docs/deviations-from-the-spec.md, "One Free plan": the plans page's
 * figures). PRO lifts both limits.
 */
export const FREE_PLAN = { transcriptionsPerMonth: 3, maxMinutesPerTranscription: 5 } as const;

export const planUsageSchema = z.object({
  /** Transcriptions started this calendar month (UTC), refused ones not counted. */
  used: z.number().int().nonnegative(),
  /** null: no limit (PRO). */
  limit: z.number().int().positive().nullable(),
});
export type PlanUsage = z.infer<typeof planUsageSchema>;

export const subscriptionSchema = z.object({
  plan: z.enum(PLANS),
  /** 'active' or a payment provider's other states (past_due, canceled, …). */
  status: z.string(),
  usage: planUsageSchema,
  /** The server's PRO price ids; null when payments are not configured on this server. */
  prices: z.object({ monthly: z.string(), annual: z.string() }).nullable(),
});

/** POST /api/create-checkout-session; the price must be one of `prices`. */
export const checkoutRequestSchema = z.object({
  priceId: z.string().min(1, "Invalid selection: Please select a paid plan to continue"),
});
/** Where to send the browser: Stripe Checkout or the billing portal. */
export const redirectUrlSchema = z.object({ url: z.string().url() });
export type RedirectUrl = z.infer<typeof redirectUrlSchema>;

/** A refusal because the plan's limit is reached (HTTP 402), naming the limit and where to lift it. */
export const planLimitErrorSchema = z.object({
  message: z.string(),
  limit: z.enum(["transcriptions_per_month", "minutes_per_transcription"]),
  upgradeUrl: z.literal("/subscription"),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const isActivePro = (s: Subscription | undefined) => s?.plan === "PRO" && s.status === "active";

/** Pro is $19.00 a month; a year is billed with 20% off (19 × 12 × 0.8 = 182.40, i.e. 15.20 a month). */
export const PRO_MONTHLY_USD = 19;
export const ANNUAL_DISCOUNT = 0.2;
/** In cents so the arithmetic is exact: 182.40, never 182.39999999999998. */
export const PRO_ANNUAL_CENTS = Math.round(PRO_MONTHLY_USD * 100 * 12 * (1 - ANNUAL_DISCOUNT));
export const PRO_ANNUAL_PER_MONTH_CENTS = Math.round(PRO_ANNUAL_CENTS / 12);

/** The webhook's answer to Stripe: what the event did (a replay is a duplicate; an older event is ignored). */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(["applied", "ignored", "duplicate"]),
});
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;

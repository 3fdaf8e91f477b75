import Stripe from "stripe";
import type { Bindings } from "../env";
import { ApiError } from "../http/errors";

/** Stripe as this server is configured for it; null when payments are off (no key or no prices). */
export interface Payments {
  stripe: Stripe;
  prices: { monthly: string; annual: string };
  webhookSecret: string | undefined;
}

export const PAYMENTS_OFF = "Payments are not configured on this server.";

/** Workers have no Node crypto for HMAC: signatures are checked with SubtleCrypto. */
export const cryptoProvider: Stripe.CryptoProvider = Stripe.createSubtleCryptoProvider();

export function paymentsFor(env: Bindings): Payments | null {
  const monthly = env.STRIPE_PRICE_PRO_MONTHLY;
  const annual = env.STRIPE_PRICE_PRO_ANNUAL;
  if (!env.STRIPE_SECRET_KEY || !monthly || !annual) return null;
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base && {
      protocol: base.protocol === "http:" ? "http" : "https",
      host: base.hostname,
      port: base.port || (base.protocol === "http:" ? 80 : 443),
    }),
  });
  return { stripe, prices: { monthly, annual }, webhookSecret: env.STRIPE_WEBHOOK_SECRET };
}

export function requirePayments(env: Bindings): Payments {
  const payments = paymentsFor(env);
  if (!payments) throw new ApiError(503, PAYMENTS_OFF);
  return payments;
}

/** Runs a Stripe API call; its failures become a 502 the user can read (the details go to the log). */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    console.error(
      JSON.stringify({ level: "error", stripe: what, type: err.type, code: err.code, message: err.message }),
    );
    throw new ApiError(502, `The payment provider could not ${what}. Please try again.`);
  }
}

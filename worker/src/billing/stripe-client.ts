import type Stripe from "stripe";
import type { Bindings } from "../env";
import { ApiError } from "../http/errors";

/** Stripe as this server is configured for it; null when payments are off (no key or no prices). */
export interface Payments {
  stripe: Stripe;
  prices: { monthly: string; annual: string };
  webhookSecret: string | undefined;
  /** Workers have no Node crypto for HMAC: signatures are checked with SubtleCrypto. */
  cryptoProvider: Stripe.CryptoProvider;
}

export const PAYMENTS_OFF = "Payments are not configured on this server.";

type StripeSdk = typeof Stripe;
// The SDK is most of a megabyte of script: loaded on the first payment call, not on every Worker start.
let sdk: Promise<StripeSdk> | undefined;
const loadStripe = () => {
  sdk ??= import("stripe").then((m) => m.default);
  return sdk;
};

/** The prices Checkout sells, or null when payments are off; reads the settings only, never loads the SDK. */
export function pricesFor(env: Bindings): Payments["prices"] | null {
  const monthly = env.STRIPE_PRICE_PRO_MONTHLY;
  const annual = env.STRIPE_PRICE_PRO_ANNUAL;
  if (!env.STRIPE_SECRET_KEY || !monthly || !annual) return null;
  return { monthly, annual };
}

export async function paymentsFor(env: Bindings): Promise<Payments | null> {
  const prices = pricesFor(env);
  if (!prices || !env.STRIPE_SECRET_KEY) return null;
  const StripeSdk = await loadStripe();
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  const stripe = new StripeSdk(env.STRIPE_SECRET_KEY, {
    httpClient: StripeSdk.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base && {
      protocol: base.protocol === "http:" ? "http" : "https",
      host: base.hostname,
      port: base.port || (base.protocol === "http:" ? 80 : 443),
    }),
  });
  return {
    stripe,
    prices,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    cryptoProvider: StripeSdk.createSubtleCryptoProvider(),
  };
}

export async function requirePayments(env: Bindings): Promise<Payments> {
  const payments = await paymentsFor(env);
  if (!payments) throw new ApiError(503, PAYMENTS_OFF);
  return payments;
}

/** Runs a Stripe API call; its failures become a 502 the user can read (the details go to the log). */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    // A call made through a Payments client: the SDK is loaded already.
    if (!(err instanceof (await loadStripe()).errors.StripeError)) throw err;
    console.error(
      JSON.stringify({ level: "error", stripe: what, type: err.type, code: err.code, message: err.message }),
    );
    throw new ApiError(502, `The payment provider could not ${what}. Please try again.`);
  }
}

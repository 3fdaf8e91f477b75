import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import Stripe from "stripe";
import { ORIGIN } from "./http";

const worker = (exports as unknown as { default: Fetcher }).default;
const stripe = new Stripe("sk_test_unused", { httpClient: Stripe.createFetchHttpClient() });
const cryptoProvider = Stripe.createSubtleCryptoProvider();

let seq = 0;
/** A Stripe event as the webhook endpoint receives it; `created` in Unix seconds orders events. */
export function stripeEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  return {
    id: `evt_test_${Date.now()}_${seq++}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

export const subscriptionObject = (v: { id: string; customer: string; userId?: string; status: string }) => ({
  id: v.id,
  object: "subscription",
  customer: v.customer,
  status: v.status,
  metadata: v.userId ? { user_id: v.userId } : {},
  cancel_at: null,
  ended_at: v.status === "canceled" ? Math.floor(Date.now() / 1000) : null,
  items: {
    object: "list",
    data: [
      { id: "si_test", object: "subscription_item", current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400 },
    ],
  },
});

export const invoiceObject = (v: { subscription: string; customer: string }) => ({
  id: `in_test_${seq++}`,
  object: "invoice",
  customer: v.customer,
  parent: {
    type: "subscription_details",
    quote_details: null,
    subscription_details: { subscription: v.subscription, metadata: {} },
  },
});

/** Posts an event to the webhook, signed as Stripe signs it (or with another secret / header). */
export async function postEvent(
  event: object | null,
  opts: { secret?: string; signature?: string | null; timestamp?: number } = {},
) {
  const payload = JSON.stringify(event);
  const header =
    opts.signature !== undefined
      ? opts.signature
      : await stripe.webhooks.generateTestHeaderStringAsync({
          payload,
          secret: opts.secret ?? (env.STRIPE_WEBHOOK_SECRET as string),
          timestamp: opts.timestamp,
          cryptoProvider,
        });
  const headers = new Headers({ "Content-Type": "application/json" });
  if (header) headers.set("Stripe-Signature", header);
  return worker.fetch(new Request(`${ORIGIN}/api/stripe/webhook`, { method: "POST", headers, body: payload }));
}

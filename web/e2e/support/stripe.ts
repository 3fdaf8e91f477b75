import { webhookReceiptSchema } from "@verbatim/shared/subscription";
import { STRIPE_TEST_VARS } from "@verbatim/testing/stripe-mock";
import Stripe from "stripe";
import { BASE_URL } from "./env";

// Webhook events as Stripe sends them, signed with the `stripe` package's test-header helper and the
// secret the app was started with (scripts/test.mjs starts it with STRIPE_TEST_VARS).

const secret = process.env.STRIPE_WEBHOOK_SECRET ?? STRIPE_TEST_VARS.STRIPE_WEBHOOK_SECRET;
const stripe = new Stripe("sk_test_unused");

let seq = 0;
export async function postSignedEvent(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_e2e_${Date.now()}_${seq++}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const signature = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret });
  const res = await fetch(`${BASE_URL}/api/stripe/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  if (!res.ok) throw new Error(`webhook ${type}: ${res.status} ${await res.text()}`);
  return webhookReceiptSchema.parse(await res.json());
}

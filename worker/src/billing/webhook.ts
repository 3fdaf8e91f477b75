import type { WebhookReceipt } from "@verbatim/shared";
import type Stripe from "stripe";
import type { Bindings } from "../env";
import { ApiError } from "../http/errors";
import { planFor } from "./plan-status";
import { callStripe, type Payments, requirePayments } from "./stripe-client";

// One route receives Stripe's events. Each is verified, then recorded in the same D1 transaction as its
// effect: a replayed event id fails the insert, so it changes nothing. Events carry `created`; an update older
// than the last one applied is ignored, and a canceled subscription never comes back (Stripe's `canceled`
// is final), so events arriving out of order never move a subscription backwards.

type Outcome = WebhookReceipt["outcome"];

/** The subscription state an event establishes for a user. */
interface SubscriptionState {
  userId: string;
  customerId: string | null;
  subscriptionId: string;
  status: string;
  endDate: string | null;
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));
const isoFromUnix = (s: number | null | undefined) => (s ? new Date(s * 1000).toISOString() : null);

/** Stripe's own tolerance for a signature's age (5 minutes), applied to a timestamp in the future too. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export async function verifyEvent(payments: Payments, body: string, signature: string | undefined) {
  if (!payments.webhookSecret)
    throw new ApiError(503, "Webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET).");
  if (!signature) throw new ApiError(400, "Missing Stripe-Signature header");
  let event: unknown;
  try {
    event = await payments.stripe.webhooks.constructEventAsync(
      body,
      signature,
      payments.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
      payments.cryptoProvider,
    );
  } catch {
    throw new ApiError(400, "Invalid Stripe signature");
  }
  // The library checks only that a signature is not too old: one dated ahead would stay valid for as long.
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  if (!(signedAt <= Date.now() / 1000 + SIGNATURE_TOLERANCE_SECONDS))
    throw new ApiError(400, "Invalid Stripe signature");
  if (!isEvent(event)) throw new ApiError(400, "Malformed Stripe event");
  return event;
}

/** What the handler reads of every event; a signed body without it (`{}`, `null`, no data.object) is refused. */
function isEvent(v: unknown): v is Stripe.Event {
  const e = v as Partial<Stripe.Event> | null;
  return (
    typeof e === "object" &&
    e !== null &&
    typeof e.id === "string" &&
    typeof e.type === "string" &&
    typeof e.created === "number" &&
    typeof e.data?.object === "object" &&
    e.data.object !== null
  );
}

async function userIdForCustomer(d1: D1Database, customerId: string | null) {
  if (!customerId) return null;
  const row = await d1
    .prepare("SELECT id FROM users WHERE stripe_customer_id = ?")
    .bind(customerId)
    .first<{ id: string }>();
  return row?.id ?? null;
}

async function stateOf(
  d1: D1Database,
  sub: Stripe.Subscription,
  userId?: string | null,
): Promise<SubscriptionState | null> {
  const customerId = idOf(sub.customer);
  const owner = userId || sub.metadata?.user_id || (await userIdForCustomer(d1, customerId));
  if (!owner) return null;
  const periodEnd = sub.items?.data?.[0]?.current_period_end;
  return {
    userId: owner,
    customerId,
    subscriptionId: sub.id,
    status: sub.status,
    endDate: isoFromUnix(sub.ended_at ?? sub.cancel_at ?? periodEnd),
  };
}

/** Writes a subscription's state unless a newer event already did, or the subscription already ended. */
function applyState(d1: D1Database, s: SubscriptionState, eventAt: number) {
  return d1
    .prepare(
      `UPDATE users SET subscription_plan = ?1, subscription_status = ?2, stripe_subscription_id = ?3,
         subscription_end_date = ?4, stripe_event_at = ?5, stripe_customer_id = COALESCE(stripe_customer_id, ?6)
       WHERE id = ?7
         AND (stripe_event_at IS NULL OR stripe_event_at <= ?5)
         AND NOT (stripe_subscription_id IS ?3 AND subscription_status = 'canceled')
         AND (?1 = 'PRO' OR stripe_subscription_id IS NULL OR stripe_subscription_id = ?3)`,
    )
    .bind(planFor(s.status), s.status, s.subscriptionId, s.endDate, eventAt, s.customerId, s.userId);
}

/** An invoice moves its subscription between active and past_due; only the user's current subscription. */
function applyInvoice(d1: D1Database, invoice: Stripe.Invoice, paid: boolean, eventAt: number) {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  if (!subscriptionId) return null;
  const [status, from] = paid ? ["active", "'past_due', 'unpaid'"] : ["past_due", "'active', 'trialing', 'past_due'"];
  return d1
    .prepare(
      `UPDATE users SET subscription_plan = 'PRO', subscription_status = ?1, stripe_event_at = ?2
       WHERE stripe_subscription_id = ?3 AND subscription_status IN (${from})
         AND (stripe_event_at IS NULL OR stripe_event_at <= ?2)`,
    )
    .bind(status, eventAt, subscriptionId);
}

async function effectOf(payments: Payments, d1: D1Database, event: Stripe.Event): Promise<D1PreparedStatement | null> {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      if (session.mode !== "subscription" || !subscriptionId || !session.client_reference_id) return null;
      // The session says who paid; the subscription itself (fetched) says what state it is in now.
      const sub = await callStripe("confirm the subscription", () =>
        payments.stripe.subscriptions.retrieve(subscriptionId),
      );
      const state = await stateOf(d1, sub, session.client_reference_id);
      return (
        state && applyState(d1, { ...state, customerId: idOf(session.customer) ?? state.customerId }, event.created)
      );
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const state = await stateOf(d1, event.data.object);
      return state && applyState(d1, state, event.created);
    }
    case "invoice.paid":
    case "invoice.payment_failed":
      return applyInvoice(d1, event.data.object, event.type === "invoice.paid", event.created);
    default:
      return null;
  }
}

/** POST /api/stripe/webhook: verifies, then applies the event at most once. */
export async function handleWebhook(env: Bindings, body: string, signature: string | undefined): Promise<Outcome> {
  const payments = await requirePayments(env);
  const event = await verifyEvent(payments, body, signature);
  const d1 = env.DB;
  const seen = await d1.prepare("SELECT 1 FROM stripe_events WHERE id = ?").bind(event.id).first();
  if (seen) return "duplicate";
  const effect = await effectOf(payments, d1, event);
  const record = d1.prepare("INSERT INTO stripe_events (id, type) VALUES (?, ?)").bind(event.id, event.type);
  let results: D1Result[];
  try {
    // One transaction: the event is recorded exactly when its effect is written.
    results = await d1.batch(effect ? [record, effect] : [record]);
  } catch (err) {
    // The same event delivered twice at once: the second insert fails and its batch rolls back.
    if (String(err).includes("UNIQUE constraint failed: stripe_events.id")) return "duplicate";
    // An event that would give a user a customer another user already has: recorded, and changes nothing.
    if (!String(err).includes("UNIQUE constraint failed: users.stripe_customer_id")) throw err;
    console.warn(`Stripe event ${event.id} (${event.type}) names a customer of another user; ignored`);
    results = await d1.batch([record]);
  }
  // An effect whose conditions held for no row (an older event, an ended subscription) was ignored.
  return (results[1]?.meta.changes ?? 0) > 0 ? "applied" : "ignored";
}

import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { users } from "../db/schema";
import type { Bindings } from "../env";
import { ApiError } from "../http/errors";
import { seatsOwnedBy } from "../store/seats";
import { findUserById } from "../store/users";
import { callStripe, type Payments, requirePayments } from "./stripe-client";

export const INVALID_SELECTION = "Invalid selection: Please select a paid plan to continue";
export const NO_CUSTOMER = "There is no subscription to manage yet. Choose a plan first.";

async function currentUser(db: Db, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError(401, "Not authenticated");
  return user;
}

/**
 * The user's Stripe customer, created at most once: the idempotency key makes a repeated or concurrent
 * request get the same customer back, and only the first id is stored.
 */
async function ensureCustomer({ stripe }: Payments, db: Db, user: UserRow) {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await callStripe("create your customer record", () =>
    stripe.customers.create(
      { email: user.email, name: user.fullName ?? user.username, metadata: { user_id: user.id } },
      { idempotencyKey: `verbatim-customer-${user.id}` },
    ),
  );
  await db
    .update(users)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(users.id, user.id), isNull(users.stripeCustomerId)));
  return (await currentUser(db, user.id)).stripeCustomerId ?? customer.id;
}

async function portalUrl({ stripe }: Payments, customer: string, origin: string) {
  const session = await callStripe("open the billing portal", () =>
    stripe.billingPortal.sessions.create({ customer, return_url: `${origin}/subscription` }),
  );
  return session.url;
}

/** POST /api/create-checkout-session: a Checkout Session URL for a PRO price, or the portal for a PRO user. */
export async function startCheckout(env: Bindings, db: Db, userId: string, priceId: string, origin: string) {
  const payments = await requirePayments(env);
  if (priceId !== payments.prices.monthly && priceId !== payments.prices.annual)
    throw new ApiError(400, INVALID_SELECTION);
  const user = await currentUser(db, userId);
  const customer = await ensureCustomer(payments, db, user);
  // Already paying: changing or fixing the plan happens in the portal, never in a second subscription.
  if (user.subscriptionPlan === "PRO") return portalUrl(payments, customer, origin);
  const seats = await seatsOwnedBy(db, userId);
  const session = await callStripe("start checkout", () =>
    payments.stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: userId,
      // One seat for the buyer and one for each other member of the teams they own.
      line_items: [{ price: priceId, quantity: seats }],
      subscription_data: { metadata: { user_id: userId } },
      success_url: `${origin}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/subscription`,
    }),
  );
  if (!session.url) throw new ApiError(502, "The payment provider could not start checkout. Please try again.");
  return session.url;
}

/** POST /api/create-customer-portal: the billing portal of the user's own customer. */
export async function openPortal(env: Bindings, db: Db, userId: string, origin: string) {
  const payments = await requirePayments(env);
  const user = await currentUser(db, userId);
  if (!user.stripeCustomerId) throw new ApiError(409, NO_CUSTOMER);
  return portalUrl(payments, user.stripeCustomerId, origin);
}

import { paymentsFor } from "../billing";
import type { Db } from "../db/client";
import type { Bindings } from "../env";
import { seatsOwnedBy } from "../store/seats";
import { findUserById } from "../store/users";

/**
 * Sets the quantity of the owner's Stripe subscription to their seats (themselves plus every other member of the
 * teams they own), after a member joins or leaves. A Stripe failure is logged and does not undo the membership
 * change: the next change, or the owner's next checkout, sets the count again.
 */
export async function syncSeats(env: Bindings, db: Db, ownerId: string): Promise<number | null> {
  const owner = await findUserById(db, ownerId);
  if (!owner?.stripeSubscriptionId || owner.subscriptionPlan !== "PRO") return null;
  const payments = await paymentsFor(env);
  if (!payments) return null;
  const seats = await seatsOwnedBy(db, ownerId);
  try {
    const sub = await payments.stripe.subscriptions.retrieve(owner.stripeSubscriptionId);
    const item = sub.items.data[0];
    if (!item || item.quantity === seats) return seats;
    await payments.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, quantity: seats }],
      proration_behavior: "create_prorations",
    });
    return seats;
  } catch (err) {
    console.error(JSON.stringify({ level: "error", seats: "not updated", ownerId, error: String(err) }));
    return null;
  }
}

import type { Plan } from "@verbatim/shared";

/**
 * Which plan a Stripe subscription status grants. `past_due` keeps PRO while Stripe retries the card (the
 * page says the subscription is not active); `unpaid`, `canceled`, `paused` and the `incomplete` states are
 * FREE. An unknown future status grants nothing.
 */
export function planFor(status: string): Plan {
  return status === "active" || status === "trialing" || status === "past_due" ? "PRO" : "FREE";
}

import { checkoutRequestSchema } from "@verbatim/shared";
import { Hono } from "hono";
import { currentUserId, requireUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { validate } from "../http/validate";
import { openPortal, startCheckout } from "./checkout";
import { handleWebhook } from "./webhook";

/** Where Stripe sends the user back: the configured public origin, else the one the request came to. */
const appOrigin = (env: AppEnv["Bindings"], url: string) => env.APP_ORIGIN || new URL(url).origin;

export const billingRoutes = new Hono<AppEnv>()
  .post("/create-checkout-session", requireUser, validate("json", checkoutRequestSchema), async (c) => {
    const url = await startCheckout(c.env, c.get("db"), currentUserId(c), c.req.valid("json").priceId, appOrigin(c.env, c.req.url));
    return c.json({ url });
  })
  .post("/create-customer-portal", requireUser, async (c) => {
    return c.json({ url: await openPortal(c.env, c.get("db"), currentUserId(c), appOrigin(c.env, c.req.url)) });
  })
  // Stripe signs the exact bytes it sent, so the body is read raw, never parsed and re-serialised first.
  .post("/stripe/webhook", async (c) => {
    const outcome = await handleWebhook(c.env, await c.req.text(), c.req.header("Stripe-Signature"));
    return c.json({ received: true, outcome });
  });

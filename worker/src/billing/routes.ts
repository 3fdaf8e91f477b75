import { checkoutRequestSchema, redirectUrlSchema, webhookReceiptSchema } from "@verbatim/shared";
import { Hono } from "hono";
import { currentUserId, requireUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { doc, json } from "../http/openapi";
import { validate } from "../http/validate";
import { openPortal, startCheckout } from "./checkout";
import { handleWebhook } from "./webhook";

/** Where Stripe sends the user back: the configured public origin, else the one the request came to. */
const appOrigin = (env: AppEnv["Bindings"], url: string) => env.APP_ORIGIN || new URL(url).origin;

const tag = "billing";
const docs = {
  checkout: doc({
    summary: "Start Stripe Checkout for a PRO price (a PRO user is sent to the billing portal instead)",
    tag,
    responses: { 200: json(redirectUrlSchema, "Where to send the browser") },
    errors: [400, 502, 503],
  }),
  portal: doc({
    summary: "Open the Stripe billing portal for the caller's own customer",
    tag,
    responses: { 200: json(redirectUrlSchema, "Where to send the browser") },
    errors: [409, 502, 503],
  }),
  webhook: doc({
    summary: "Stripe's events, verified by their Stripe-Signature over the raw body",
    tag,
    auth: false,
    responses: { 200: json(webhookReceiptSchema, "Received") },
    errors: [400, 503],
  }),
};

export const billingRoutes = new Hono<AppEnv>()
  .post("/create-checkout-session", docs.checkout, requireUser, validate("json", checkoutRequestSchema), async (c) => {
    const url = await startCheckout(c.env, c.get("db"), currentUserId(c), c.req.valid("json").priceId, appOrigin(c.env, c.req.url));
    return c.json({ url });
  })
  .post("/create-customer-portal", docs.portal, requireUser, async (c) => {
    return c.json({ url: await openPortal(c.env, c.get("db"), currentUserId(c), appOrigin(c.env, c.req.url)) });
  })
  // Stripe signs the exact bytes it sent, so the body is read raw, never parsed and re-serialised first.
  .post("/stripe/webhook", docs.webhook, async (c) => {
    const outcome = await handleWebhook(c.env, await c.req.text(), c.req.header("Stripe-Signature"));
    return c.json({ received: true, outcome });
  });

import { checkoutRequestSchema, type RedirectUrl, redirectUrlSchema, webhookReceiptSchema } from "@verbatim/shared";
import { Hono } from "hono";
import { currentUserId, requireUser } from "../auth";
import type { AppEnv } from "../env";
import { limitBody } from "../http/body-limit";
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
    errors: [400, 413, 503],
  }),
};

/** /api/create-checkout-session, signed in only. */
const checkoutRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/", docs.checkout, validate("json", checkoutRequestSchema), async (c) => {
    const body: RedirectUrl = {
      url: await startCheckout(
        c.env,
        c.get("db"),
        currentUserId(c),
        c.req.valid("json").priceId,
        appOrigin(c.env, c.req.url),
      ),
    };
    return c.json(body);
  });

/** /api/create-customer-portal, signed in only. */
const portalRoutes = new Hono<AppEnv>().use(requireUser).post("/", docs.portal, async (c) => {
  const body: RedirectUrl = {
    url: await openPortal(c.env, c.get("db"), currentUserId(c), appOrigin(c.env, c.req.url)),
  };
  return c.json(body);
});

/** /api/stripe: Stripe's calls, authenticated by their signature instead of a session. */
const stripeRoutes = new Hono<AppEnv>()
  // Stripe signs the exact bytes it sent, so the body is read raw, never parsed and re-serialised first; whatever
  // its declared type, no more than 1 MB of it before the signature is checked (Stripe's events are far smaller).
  .post("/webhook", docs.webhook, limitBody(1024 * 1024), async (c) => {
    const outcome = await handleWebhook(c.env, await c.req.text(), c.req.header("Stripe-Signature"));
    return c.json({ received: true, outcome });
  });

/** The billing area: its URLs are the spec's, at the top of /api, each mounted at its own path. */
export const billingRoutes = new Hono<AppEnv>()
  .route("/create-checkout-session", checkoutRoutes)
  .route("/create-customer-portal", portalRoutes)
  .route("/stripe", stripeRoutes);

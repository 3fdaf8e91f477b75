import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGIN, signUp } from "../../test/http";
import { createApp } from "../app";
import { PAYMENTS_OFF } from "./stripe-client";

// A server started without Stripe settings (the local default): plans are shown, nothing can be bought, and
// the page learns that from the server.
const unconfigured = { ...env, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
const app = createApp();
const call = (path: string, init: RequestInit = {}) =>
  app.fetch(
    new Request(`${ORIGIN}${path}`, {
      ...init,
      headers: { Origin: ORIGIN, "Content-Type": "application/json", ...init.headers },
    }),
    unconfigured,
    createExecutionContext(),
  );

describe("without Stripe keys", () => {
  it("reports the plan and usage with no prices, and refuses checkout, portal and webhooks with 503", async () => {
    const { cookie } = await signUp();
    const sub = await call("/api/subscription", { headers: { Cookie: cookie } });
    expect(await sub.json()).toEqual({ plan: "FREE", status: "active", usage: { used: 0, limit: 3 }, prices: null });
    for (const path of ["/api/create-checkout-session", "/api/create-customer-portal", "/api/stripe/webhook"]) {
      const res = await call(path, {
        method: "POST",
        headers: { Cookie: cookie },
        body: JSON.stringify({ priceId: env.STRIPE_PRICE_PRO_MONTHLY }),
      });
      expect(res.status, path).toBe(503);
      expect(await res.json(), path).toEqual({ message: PAYMENTS_OFF });
    }
  });
});

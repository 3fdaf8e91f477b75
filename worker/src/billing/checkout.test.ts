import { env } from "cloudflare:test";
import { apiErrorSchema, redirectUrlSchema, subscriptionSchema } from "@verbatim/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, makePro, readJson, signUp } from "../../test/http";
import { recordStripeCalls } from "../../test/stripe-calls";
import { INVALID_SELECTION, NO_CUSTOMER } from "./checkout";

// Through the real `stripe` client against stripe-mock (STRIPE_API_BASE), which checks every parameter
// against Stripe's OpenAPI spec. The requests the client sends are recorded to check what was asked for.

const monthly = env.STRIPE_PRICE_PRO_MONTHLY as string;
const annual = env.STRIPE_PRICE_PRO_ANNUAL as string;

const customerOf = async (userId: string) =>
  (
    await env.DB.prepare("SELECT stripe_customer_id AS c FROM users WHERE id = ?")
      .bind(userId)
      .first<{ c: string | null }>()
  )?.c;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("POST /api/create-checkout-session", () => {
  it("creates the customer once and a subscription Checkout Session that comes back to the app", async () => {
    const { user, cookie } = await signUp();
    const calls = recordStripeCalls();
    const res = await api("/api/create-checkout-session", { method: "POST", json: { priceId: monthly }, cookie });
    expect(res.status).toBe(200);
    const { url } = await readJson(res, redirectUrlSchema);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\//);

    const customer = await customerOf(user.id);
    expect(customer).toMatch(/^cus_/);
    const created = calls.filter((c) => c.method === "POST" && c.path === "/v1/customers");
    expect(created).toHaveLength(1);
    expect(created[0]?.idempotencyKey).toBe(`verbatim-customer-${user.id}`);
    expect(created[0]?.params.get("metadata[user_id]")).toBe(user.id);

    const session = calls.find((c) => c.path === "/v1/checkout/sessions")?.params;
    expect(Object.fromEntries(session ?? [])).toEqual({
      mode: "subscription",
      customer,
      client_reference_id: user.id,
      "line_items[0][price]": monthly,
      "line_items[0][quantity]": "1",
      "subscription_data[metadata][user_id]": user.id,
      success_url: "http://localhost/subscription/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost/subscription",
    });

    // A second checkout (the yearly price) reuses the stored customer.
    const again = await api("/api/create-checkout-session", { method: "POST", json: { priceId: annual }, cookie });
    expect(again.status).toBe(200);
    expect(calls.filter((c) => c.path === "/v1/customers")).toHaveLength(1);
    expect(
      calls
        .filter((c) => c.path === "/v1/checkout/sessions")
        .at(-1)
        ?.params.get("line_items[0][price]"),
    ).toBe(annual);
    expect(await customerOf(user.id)).toBe(customer);
  });

  it("refuses any other price with the spec's 'Invalid selection' text, creating nothing", async () => {
    const { user, cookie } = await signUp();
    const calls = recordStripeCalls();
    for (const priceId of ["price_someone_elses", "", "free"]) {
      const res = await api("/api/create-checkout-session", { method: "POST", json: { priceId }, cookie });
      expect(res.status).toBe(400);
      expect((await readJson(res, apiErrorSchema)).message).toBe(INVALID_SELECTION);
    }
    expect(calls).toHaveLength(0);
    expect(await customerOf(user.id)).toBeNull();
  });

  it("sends a PRO user to the billing portal instead of a second subscription", async () => {
    const { user, cookie } = await signUp();
    await api("/api/create-checkout-session", { method: "POST", json: { priceId: monthly }, cookie });
    await makePro(user.id);
    const calls = recordStripeCalls();
    const res = await api("/api/create-checkout-session", { method: "POST", json: { priceId: annual }, cookie });
    expect(res.status).toBe(200);
    expect(calls.map((c) => c.path)).toEqual(["/v1/billing_portal/sessions"]);
    expect(calls[0]?.params.get("customer")).toBe(await customerOf(user.id));
  });

  it("needs a session", async () => {
    expect((await api("/api/create-checkout-session", { method: "POST", json: { priceId: monthly } })).status).toBe(
      401,
    );
  });
});

describe("POST /api/create-customer-portal", () => {
  it("opens the portal for the user's own customer, returning to /subscription", async () => {
    const { user, cookie } = await signUp();
    await api("/api/create-checkout-session", { method: "POST", json: { priceId: monthly }, cookie });
    const calls = recordStripeCalls();
    const res = await api("/api/create-customer-portal", { method: "POST", cookie });
    expect(res.status).toBe(200);
    expect((await readJson(res, redirectUrlSchema)).url).toMatch(/^https:\/\//);
    expect(Object.fromEntries(calls[0]?.params ?? [])).toEqual({
      customer: await customerOf(user.id),
      return_url: "http://localhost/subscription",
    });
  });

  it("says there is nothing to manage for a user who never started checkout", async () => {
    const { cookie } = await signUp();
    const res = await api("/api/create-customer-portal", { method: "POST", cookie });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: NO_CUSTOMER });
  });
});

describe("GET /api/subscription", () => {
  it("tells the page which prices this server sells", async () => {
    const { cookie } = await signUp();
    const body = await readJson(await api("/api/subscription", { cookie }), subscriptionSchema);
    expect(body.prices).toEqual({ monthly, annual });
  });
});

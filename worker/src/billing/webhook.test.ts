import { env } from "cloudflare:test";
import { apiErrorSchema, subscriptionSchema, webhookReceiptSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { invoiceObject, postEvent, stripeEvent, subscriptionObject } from "../../test/stripe-events";

// Events signed with the `stripe` package's test-header helper and posted to the Worker's webhook route.

const subscriptionOf = async (cookie: string) =>
  await readJson(await api("/api/subscription", { cookie }), subscriptionSchema);

async function customerFor(userId: string) {
  const customer = `cus_test_${userId.slice(0, 8)}`;
  await env.DB.prepare("UPDATE users SET stripe_customer_id = ? WHERE id = ?").bind(customer, userId).run();
  return customer;
}

const now = () => Math.floor(Date.now() / 1000);

describe("Stripe webhook", () => {
  it("checkout.session.completed makes the user PRO, with the subscription fetched from Stripe", async () => {
    const { user, cookie } = await signUp();
    const customer = await customerFor(user.id);
    const res = await postEvent(
      stripeEvent("checkout.session.completed", {
        id: "cs_test_1",
        object: "checkout.session",
        mode: "subscription",
        client_reference_id: user.id,
        customer,
        subscription: "sub_checkout_1",
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "applied" });
    // stripe-mock's subscription is active.
    expect(await subscriptionOf(cookie)).toMatchObject({ plan: "PRO", status: "active" });
    const row = await env.DB.prepare(
      "SELECT stripe_subscription_id AS s, stripe_customer_id AS c FROM users WHERE id = ?",
    )
      .bind(user.id)
      .first<{ s: string; c: string }>();
    expect(row).toEqual({ s: "sub_checkout_1", c: customer });
  });

  it("a replayed event changes nothing", async () => {
    const { user, cookie } = await signUp();
    const customer = await customerFor(user.id);
    const t = now();
    const pastDue = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject({ id: "sub_r", customer, status: "past_due" }),
      t,
    );
    const active = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject({ id: "sub_r", customer, status: "active" }),
      t,
    );
    expect(await readJson(await postEvent(pastDue), webhookReceiptSchema)).toMatchObject({ outcome: "applied" });
    expect(await readJson(await postEvent(active), webhookReceiptSchema)).toMatchObject({ outcome: "applied" });
    // Same second, so only the event id tells the replay apart.
    const replay = await postEvent(pastDue);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ outcome: "duplicate" });
    expect(await subscriptionOf(cookie)).toMatchObject({ plan: "PRO", status: "active" });
    // Concurrent duplicates: still recorded once.
    const twice = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject({ id: "sub_r", customer, status: "active" }),
      t,
    );
    const outcomes = await Promise.all(
      [postEvent(twice), postEvent(twice)].map(async (r) => (await readJson(await r, webhookReceiptSchema)).outcome),
    );
    expect(outcomes.sort()).toEqual(["applied", "duplicate"]);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM stripe_events WHERE id = ?")
      .bind(twice.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("refuses a bad or missing signature with 400 and changes nothing", async () => {
    const { user, cookie } = await signUp();
    const customer = await customerFor(user.id);
    const event = stripeEvent(
      "customer.subscription.created",
      subscriptionObject({ id: "sub_forged", customer, userId: user.id, status: "active" }),
    );
    for (const res of [
      await postEvent(event, { secret: "whsec_not_ours" }),
      await postEvent(event, { signature: null }),
      await postEvent(event, { signature: "t=1,v1=deadbeef" }),
    ]) {
      expect(res.status).toBe(400);
      expect((await readJson(res, apiErrorSchema)).message).toMatch(/Stripe-Signature|signature/);
    }
    expect(await subscriptionOf(cookie)).toMatchObject({ plan: "FREE", status: "active" });
    expect(await env.DB.prepare("SELECT 1 FROM stripe_events WHERE id = ?").bind(event.id).first()).toBeNull();
  });

  it("refuses a signature dated ahead of now, which would stay valid that much longer", async () => {
    const { user, cookie } = await signUp();
    const customer = await customerFor(user.id);
    const event = stripeEvent(
      "customer.subscription.created",
      subscriptionObject({ id: "sub_future", customer, userId: user.id, status: "active" }),
    );
    const res = await postEvent(event, { timestamp: now() + 3600 });
    expect(res.status).toBe(400);
    expect((await readJson(res, apiErrorSchema)).message).toBe("Invalid Stripe signature");
    expect(await subscriptionOf(cookie)).toMatchObject({ plan: "FREE" });
    // A clock a little ahead of ours is within Stripe's own five minutes.
    expect((await postEvent(event, { timestamp: now() + 60 })).status).toBe(200);
  });

  it("refuses a correctly signed body that is no event with 400, not 500", async () => {
    for (const body of [{}, null, { ...stripeEvent("invoice.paid", {}), data: {} }]) {
      const res = await postEvent(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await readJson(res, apiErrorSchema)).message).toBe("Malformed Stripe event");
    }
  });

  it("ignores an event that would give a user another user's customer, with 200 and no change", async () => {
    const owner = await signUp();
    const customer = await customerFor(owner.user.id);
    const other = await signUp();
    const res = await postEvent(
      stripeEvent("checkout.session.completed", {
        id: "cs_test_other",
        object: "checkout.session",
        mode: "subscription",
        client_reference_id: other.user.id,
        customer,
        subscription: "sub_checkout_other",
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "ignored" });
    expect(await subscriptionOf(other.cookie)).toMatchObject({ plan: "FREE" });
  });

  it("subscription.deleted → FREE; an older 'updated' arriving afterwards keeps it FREE", async () => {
    const { user, cookie } = await signUp();
    const customer = await customerFor(user.id);
    const t = now();
    const sub = (status: string) => subscriptionObject({ id: "sub_d", customer, userId: user.id, status });
    await postEvent(stripeEvent("customer.subscription.created", sub("active"), t - 100));
    expect(await subscriptionOf(cookie)).toMatchObject({ plan: "PRO", status: "active" });

    await postEvent(stripeEvent("customer.subscription.deleted", sub("canceled"), t));
    expect(await subscriptionOf(cookie)).toMatchObject({ plan: "FREE", status: "canceled" });

    // Out of order: an update created before the deletion, delivered after it.
    const late = await postEvent(stripeEvent("customer.subscription.updated", sub("active"), t - 50));
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({ outcome: "ignored" });
    expect(await subscriptionOf(cookie)).toMatchObject({ plan: "FREE", status: "canceled" });
    // A canceled subscription never comes back, whatever the timestamp says.
    await postEvent(stripeEvent("customer.subscription.updated", sub("active"), t + 10));
    expect(await subscriptionOf(cookie)).toMatchObject({ plan: "FREE", status: "canceled" });

    // A new subscription after that is PRO again.
    await postEvent(
      stripeEvent(
        "customer.subscription.created",
        subscriptionObject({ id: "sub_d2", customer, status: "active" }),
        t + 20,
      ),
    );
    expect(await subscriptionOf(cookie)).toMatchObject({ plan: "PRO", status: "active" });
  });

  it("an update older than the last one applied is ignored", async () => {
    const { user, cookie } = await signUp();
    const customer = await customerFor(user.id);
    const t = now();
    const sub = (status: string) => subscriptionObject({ id: "sub_o", customer, status });
    await postEvent(stripeEvent("customer.subscription.updated", sub("active"), t));
    const late = await postEvent(stripeEvent("customer.subscription.updated", sub("past_due"), t - 10));
    expect(await late.json()).toMatchObject({ outcome: "ignored" });
    expect(await subscriptionOf(cookie)).toMatchObject({ plan: "PRO", status: "active" });
  });

  it("invoice.payment_failed → past_due (still PRO, shown as not active); invoice.paid → active again", async () => {
    const { user, cookie } = await signUp();
    const customer = await customerFor(user.id);
    const t = now();
    await postEvent(
      stripeEvent(
        "customer.subscription.created",
        subscriptionObject({ id: "sub_i", customer, status: "active" }),
        t - 10,
      ),
    );
    await postEvent(stripeEvent("invoice.payment_failed", invoiceObject({ subscription: "sub_i", customer }), t - 5));
    expect(await subscriptionOf(cookie)).toMatchObject({ plan: "PRO", status: "past_due" });
    await postEvent(stripeEvent("invoice.paid", invoiceObject({ subscription: "sub_i", customer }), t));
    expect(await subscriptionOf(cookie)).toMatchObject({ plan: "PRO", status: "active" });
  });

  it("maps unpaid and incomplete_expired to FREE", async () => {
    const { user, cookie } = await signUp();
    const customer = await customerFor(user.id);
    const t = now();
    await postEvent(
      stripeEvent("customer.subscription.updated", subscriptionObject({ id: "sub_u", customer, status: "unpaid" }), t),
    );
    expect(await subscriptionOf(cookie)).toMatchObject({ plan: "FREE", status: "unpaid" });
    await postEvent(
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject({ id: "sub_u", customer, status: "trialing" }),
        t + 1,
      ),
    );
    expect(await subscriptionOf(cookie)).toMatchObject({ plan: "PRO", status: "trialing" });
    await postEvent(
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject({ id: "sub_u", customer, status: "incomplete_expired" }),
        t + 2,
      ),
    );
    expect(await subscriptionOf(cookie)).toMatchObject({ plan: "FREE", status: "incomplete_expired" });
  });

  it("records events it does not act on", async () => {
    const res = await postEvent(stripeEvent("customer.created", { id: "cus_x", object: "customer" }));
    expect(await res.json()).toEqual({ received: true, outcome: "ignored" });
  });
});

describe("Stripe webhook body", () => {
  it("is read no further than 1 MB, whatever its declared type (issue 32, finding 4)", async () => {
    for (const type of ["text/plain", "", "Application/JSON"]) {
      const res = await api("/api/stripe/webhook", {
        method: "POST",
        headers: { "Stripe-Signature": "t=1,v1=deadbeef", ...(type ? { "Content-Type": type } : {}) },
        body: new ReadableStream({
          start(controller) {
            for (let i = 0; i < 3; i++) controller.enqueue(new Uint8Array(1024 * 1024).fill(120));
            controller.close();
          },
        }),
        duplex: "half",
      } as RequestInit);
      expect(res.status, type).toBe(413);
      expect((await readJson(res, apiErrorSchema)).message).toBe("Request body is too large");
    }
  });
});

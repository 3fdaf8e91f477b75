import { webhookDeliveryListSchema, webhookEndpointSchema } from "@verbatim/shared/webhooks";
import { expect, inject } from "vitest";
import { api, readJson } from "./http";

// Webhook endpoints in tests, and the Node receiver they deliver to (@verbatim/testing/webhook-receiver, started by
// test/global-setup.ts): it verifies every message with the `standardwebhooks` library and the secret given here.

export interface Received {
  headers: Record<string, string>;
  body: string;
  verified: boolean;
  error: string | null;
}

const receiver = () => inject("webhookReceiverUrl");
let counter = 0;

/** A receiver path of its own; `behaviour` sets the secret it verifies with and how it answers. */
export async function receiverEndpoint(
  behaviour: { secret?: string; status?: number; location?: string; body?: string } = {},
) {
  const name = `r${Date.now()}${counter++}`;
  await configure(name, behaviour);
  return { name, url: `${receiver()}/hook/${name}` };
}

export async function configure(
  name: string,
  behaviour: { secret?: string; status?: number; location?: string; body?: string },
) {
  const res = await fetch(`${receiver()}/endpoints/${name}`, { method: "PUT", body: JSON.stringify(behaviour) });
  expect(res.status).toBe(204);
}

export async function received(name: string): Promise<Received[]> {
  return (await (await fetch(`${receiver()}/endpoints/${name}/received`)).json()) as Received[];
}

/** Waits until the receiver has `count` messages (the queue sends them a moment after the event). */
export async function waitForReceived(name: string, count = 1): Promise<Received[]> {
  const until = Date.now() + 30_000;
  for (;;) {
    const got = await received(name);
    if (got.length >= count) return got;
    if (Date.now() > until) throw new Error(`the receiver got ${got.length} of ${count} webhook(s) within 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function createEndpoint(cookie: string, body: Record<string, unknown>) {
  const res = await api("/api/webhooks", { method: "POST", cookie, json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return readJson(res, webhookEndpointSchema);
}

export async function deliveriesOf(cookie: string, endpointId: string) {
  const res = await api(`/api/webhooks/${endpointId}/deliveries`, { cookie });
  expect(res.status).toBe(200);
  return (await readJson(res, webhookDeliveryListSchema)).deliveries;
}

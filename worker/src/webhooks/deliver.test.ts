import { env } from "cloudflare:test";
import {
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookPayloadSchema,
} from "@verbatim/shared/webhooks";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { db } from "../../test/library";
import { waitForMail } from "../../test/mailpit";
import { seedTranscription } from "../../test/transcriptions";
import {
  configure,
  createEndpoint,
  deliveriesOf,
  received,
  receiverEndpoint,
  waitForReceived,
} from "../../test/webhooks";
import { notifyFinished } from "../jobs/state-repository";
import type { JobMessage } from "../rules/job-messages";
import { deliverWebhook } from "./deliver";
import { pruneOldDeliveries } from "./retention";
import { insertDeliveries } from "./store";

// Webhooks delivered to a real receiver (a Node server checking each message with the `standardwebhooks` library)
// over http loopback, which the test configuration allows: events from the real routes and jobs through the real
// queue; retries, redirects and the switch-off driven one attempt at a time, with the queue's re-send recorded.

const segments = [{ start: 0, end: 2, text: "Hello there." }];

/** The Worker's env with its queue replaced by a recorder: the attempt under test runs, the next one is only seen. */
function recordingEnv() {
  const sent: { body: JobMessage; delaySeconds?: number }[] = [];
  const JOBS = {
    send: async (body: JobMessage, options?: { delaySeconds?: number }) => {
      sent.push({ body, delaySeconds: options?.delaySeconds });
    },
    sendBatch: async (batch: { body: JobMessage }[]) => {
      for (const m of batch) sent.push({ body: m.body });
    },
  };
  return { env: { ...env, JOBS } as unknown as typeof env, sent };
}

/** A user with an endpoint at a fresh receiver path that verifies with the endpoint's secret. */
async function subscribed(events: string[], behaviour: { status?: number; location?: string; body?: string } = {}) {
  const account = await signUp();
  const target = await receiverEndpoint();
  const endpoint = await createEndpoint(account.cookie, { url: target.url, events });
  await configure(target.name, { secret: endpoint.secret, ...behaviour });
  return { ...account, endpoint, target };
}

/** A delivery row for `endpointId`, as the fan-out writes one, not yet queued. */
async function pendingDelivery(endpointId: string, attempts = 0) {
  const payload = JSON.stringify({ type: "transcription.completed", timestamp: new Date().toISOString(), data: {} });
  const [row] = await insertDeliveries(db(), [
    { endpointId, messageId: `msg_${crypto.randomUUID()}`, event: "transcription.completed", payload },
  ]);
  if (!row) throw new Error("no delivery");
  if (attempts > 0)
    await env.DB.prepare("UPDATE webhook_deliveries SET attempts = ? WHERE id = ?").bind(attempts, row.id).run();
  return row;
}

const deliveryRow = (id: string) =>
  env.DB.prepare("SELECT * FROM webhook_deliveries WHERE id = ?").bind(id).first<Record<string, unknown>>();

describe("webhook delivery", () => {
  it("tells a real receiver about renames, edits, deletes and finished runs, verified by standardwebhooks", async () => {
    const { cookie, user, endpoint, target } = await subscribed([
      "transcription.completed",
      "transcription.updated",
      "transcription.deleted",
    ]);
    const id = await seedTranscription(user.id, "Board meeting", segments);

    expect(
      (await api(`/api/transcriptions/${id}/rename`, { method: "PATCH", cookie, json: { name: "Q3 board" } })).status,
    ).toBe(200);
    const [renamed] = await waitForReceived(target.name, 1);
    expect(renamed?.error).toBeNull();
    expect(renamed?.verified).toBe(true);
    const payload = webhookPayloadSchema.parse(JSON.parse(renamed?.body ?? ""));
    expect(payload).toMatchObject({
      type: "transcription.updated",
      data: {
        id,
        title: "Q3 board",
        status: "COMPLETED",
        links: { app: `http://localhost/transcription/${id}`, api: `http://localhost/api/transcriptions/${id}` },
      },
    });
    expect(renamed?.headers["webhook-id"]).toMatch(/^msg_/);
    expect(renamed?.headers["content-type"]).toBe("application/json");

    // A finished run (the jobs call this when one completes or fails).
    await notifyFinished(env, user.id, id);
    const [, completed] = await waitForReceived(target.name, 2);
    expect(completed?.verified).toBe(true);
    expect(JSON.parse(completed?.body ?? "").type).toBe("transcription.completed");

    expect((await api(`/api/transcriptions/${id}`, { method: "DELETE", cookie })).status).toBe(200);
    const [, , deleted] = await waitForReceived(target.name, 3);
    expect(deleted?.verified).toBe(true);
    expect(JSON.parse(deleted?.body ?? "")).toMatchObject({
      type: "transcription.deleted",
      data: { id, title: "Q3 board" },
    });

    // The log: each succeeded on its first attempt, with the answer's status, time and body.
    const log = await deliveriesOf(cookie, endpoint.id);
    expect(log).toHaveLength(3);
    for (const d of log) {
      expect(d).toMatchObject({ status: "succeeded", attempts: 1, httpStatus: 200, responseExcerpt: "ok" });
      expect(d.latencyMs).toBeGreaterThanOrEqual(0);
    }
  });

  it("sends only the events an endpoint chose, and nothing to a switched-off one", async () => {
    const { cookie, user, endpoint, target } = await subscribed(["transcription.deleted"]);
    const other = await subscribed(["transcription.updated"]);
    const id = await seedTranscription(user.id, "Standup", segments);
    await api(`/api/transcriptions/${id}/rename`, { method: "PATCH", cookie, json: { name: "Daily" } });
    await api(`/api/webhooks/${endpoint.id}`, { method: "PATCH", cookie, json: { enabled: false } });
    await api(`/api/transcriptions/${id}`, { method: "DELETE", cookie });
    // The test event goes even to a switched-off endpoint (to check it before switching it on), and after the others.
    expect((await api(`/api/webhooks/${endpoint.id}/test`, { method: "POST", cookie })).status).toBe(202);
    const [only] = await waitForReceived(target.name, 1);
    expect(JSON.parse(only?.body ?? "").type).toBe("webhook.test");
    expect(only?.verified).toBe(true);
    // Another account's endpoint, wanting updates, hears nothing of this account's transcriptions.
    expect(await received(other.target.name)).toEqual([]);
  });

  it("retries a failing receiver on the schedule, logging each answer", async () => {
    const { cookie, endpoint, target } = await subscribed(["transcription.completed"], { status: 500, body: "boom" });
    const delivery = await pendingDelivery(endpoint.id);
    const { env: recording, sent } = recordingEnv();

    await deliverWebhook(recording, db(), delivery.id, 0);
    expect(sent).toEqual([{ body: { type: "webhook", deliveryId: delivery.id, attempt: 1 }, delaySeconds: 5 }]);
    let [logged] = await deliveriesOf(cookie, endpoint.id);
    expect(logged).toMatchObject({ status: "pending", attempts: 1, httpStatus: 500, responseExcerpt: "boom" });
    expect(Date.parse(logged?.nextAttemptAt ?? "") - Date.parse(logged?.lastAttemptAt ?? "")).toBe(5000);

    await deliverWebhook(recording, db(), delivery.id, 1);
    expect(sent[1]).toEqual({ body: { type: "webhook", deliveryId: delivery.id, attempt: 2 }, delaySeconds: 300 });
    // The queue handing out attempt 1 again sends nothing more.
    await deliverWebhook(recording, db(), delivery.id, 1);
    expect(await received(target.name)).toHaveLength(2);
    expect(sent).toHaveLength(2);
    expect((await received(target.name)).every((r) => r.verified)).toBe(true);

    // The eighth attempt is the last: the message failed, and counts against the endpoint.
    await env.DB.prepare("UPDATE webhook_deliveries SET attempts = 7 WHERE id = ?").bind(delivery.id).run();
    await deliverWebhook(recording, db(), delivery.id, 7);
    expect(sent).toHaveLength(2);
    [logged] = await deliveriesOf(cookie, endpoint.id);
    expect(logged).toMatchObject({ status: "failed", attempts: 8, nextAttemptAt: null });
    const row = await env.DB.prepare("SELECT failed_messages FROM webhook_endpoints WHERE id = ?")
      .bind(endpoint.id)
      .first();
    expect(row?.failed_messages).toBe(1);
  });

  it("does not follow a redirect: a 3xx is a failure", async () => {
    const elsewhere = await receiverEndpoint();
    const { endpoint } = await subscribed(["transcription.completed"], { status: 302, location: elsewhere.url });
    const delivery = await pendingDelivery(endpoint.id);
    const { env: recording, sent } = recordingEnv();
    await deliverWebhook(recording, db(), delivery.id, 0);
    expect(await deliveryRow(delivery.id)).toMatchObject({
      status: "pending",
      http_status: 302,
      response_excerpt: `Redirect not followed (Location: ${elsewhere.url})`,
    });
    expect(sent[0]?.delaySeconds).toBe(5);
    expect(await received(elsewhere.name)).toEqual([]);
  });

  it("reads at most 4 KB of an answer and keeps its start", async () => {
    const { endpoint } = await subscribed(["transcription.completed"], { status: 200, body: "x".repeat(100_000) });
    const delivery = await pendingDelivery(endpoint.id);
    await deliverWebhook(recordingEnv().env, db(), delivery.id, 0);
    const row = await deliveryRow(delivery.id);
    expect(row).toMatchObject({ status: "succeeded", http_status: 200 });
    expect(row?.response_excerpt).toBe("x".repeat(500));
  });

  it("Resend sends the same message again, with the same webhook-id", async () => {
    const { cookie, endpoint, target } = await subscribed(["transcription.completed"], { status: 503 });
    const delivery = await pendingDelivery(endpoint.id);
    await deliverWebhook(recordingEnv().env, db(), delivery.id, 0);
    await configure(target.name, { secret: endpoint.secret });
    const res = await api(`/api/webhooks/${endpoint.id}/deliveries/${delivery.id}/resend`, { method: "POST", cookie });
    expect(res.status).toBe(202);
    const resent = await readJson(res, webhookDeliverySchema);
    expect(resent.messageId).toBe(delivery.messageId);
    const [first, second] = await waitForReceived(target.name, 2);
    expect(second?.verified).toBe(true);
    expect(second?.headers["webhook-id"]).toBe(first?.headers["webhook-id"]);
    expect(second?.body).toBe(first?.body);
    const until = Date.now() + 30_000;
    while ((await deliveriesOf(cookie, endpoint.id)).find((d) => d.id === resent.id)?.status !== "succeeded") {
      if (Date.now() > until) throw new Error("the resent delivery was not logged as succeeded");
      await new Promise((r) => setTimeout(r, 100));
    }
    // A switched-off endpoint resends nothing.
    await api(`/api/webhooks/${endpoint.id}`, { method: "PATCH", cookie, json: { enabled: false } });
    const refused = await api(`/api/webhooks/${endpoint.id}/deliveries/${delivery.id}/resend`, {
      method: "POST",
      cookie,
    });
    expect(refused.status).toBe(409);
  });

  it("signs with the old secret too for a day after a rotation", async () => {
    const { cookie, endpoint, target } = await subscribed(["transcription.completed"]);
    const rotated = await readJson(
      await api(`/api/webhooks/${endpoint.id}/rotate-secret`, { method: "POST", cookie }),
      webhookEndpointSchema,
    );
    // The receiver still has the old secret: it verifies. Then it switches to the new one: it verifies too.
    await deliverWebhook(recordingEnv().env, db(), (await pendingDelivery(endpoint.id)).id, 0);
    await configure(target.name, { secret: rotated.secret });
    await deliverWebhook(recordingEnv().env, db(), (await pendingDelivery(endpoint.id)).id, 0);
    const got = await received(target.name);
    expect(got.map((r) => r.verified)).toEqual([true, true]);
    expect(got[0]?.headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    // Once the day is over, only the new secret signs.
    await env.DB.prepare("UPDATE webhook_endpoints SET previous_secret_expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), endpoint.id)
      .run();
    await deliverWebhook(recordingEnv().env, db(), (await pendingDelivery(endpoint.id)).id, 0);
    expect((await received(target.name))[2]?.headers["webhook-signature"]?.split(" ")).toHaveLength(1);
  });

  it("switches an endpoint off after 5 messages fail on every attempt, and e-mails its owner", async () => {
    const { cookie, user, endpoint } = await subscribed(["transcription.completed"], { status: 500 });
    await env.DB.prepare("UPDATE users SET email_verified_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), user.id)
      .run();
    await env.DB.prepare("UPDATE webhook_endpoints SET failed_messages = 4 WHERE id = ?").bind(endpoint.id).run();
    const delivery = await pendingDelivery(endpoint.id, 7);
    // The real queue: the e-mail goes to Mailpit.
    await deliverWebhook(env, db(), delivery.id, 7);
    const mail = await waitForMail(user.email, { subject: /Your webhook endpoint was switched off/ });
    expect(mail.Text).toContain(endpoint.url);
    expect(mail.Text).toContain("last 5 messages failed");
    const [off] = (await readJson(await api("/api/webhooks", { cookie }), webhookEndpointListSchema)).endpoints;
    expect(off).toMatchObject({ enabled: false, disabledReason: expect.stringContaining("5 messages") });

    const on = await api(`/api/webhooks/${endpoint.id}`, { method: "PATCH", cookie, json: { enabled: true } });
    expect(await readJson(on, webhookEndpointSchema)).toMatchObject({ enabled: true, disabledReason: null });
    const row = await env.DB.prepare("SELECT failed_messages FROM webhook_endpoints WHERE id = ?")
      .bind(endpoint.id)
      .first();
    expect(row?.failed_messages).toBe(0);
  });

  it("forgets deliveries older than 30 days (the hourly cron)", async () => {
    const { endpoint } = await subscribed(["transcription.completed"]);
    const old = await pendingDelivery(endpoint.id);
    const recent = await pendingDelivery(endpoint.id);
    await env.DB.prepare("UPDATE webhook_deliveries SET created_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 31 * 86_400_000).toISOString(), old.id)
      .run();
    await pruneOldDeliveries(db());
    expect(await deliveryRow(old.id)).toBeNull();
    expect(await deliveryRow(recent.id)).not.toBeNull();
  });
});

import type { NewWebhook, UpdateWebhook, WebhookDelivery, WebhookEndpoint } from "@verbatim/shared/webhooks";
import type { Db } from "../db/client";
import type { Bindings } from "../env";
import { ApiError, notFound } from "../http/errors";
import { PREVIOUS_SECRET_SIGNS_FOR_MS } from "../rules/webhook-schedule";
import { urlPolicy } from "./deliver";
import { enqueueDeliveries, payloadOf, TEST_EVENT } from "./events";
import { newWebhookSecret } from "./sign";
import {
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  publicDelivery,
  publicEndpoint,
  updateEndpoint,
} from "./store";
import { webhookUrlProblem } from "./url-policy";

// Settings › API › Webhooks, and integrations with a `webhooks:manage` key: an account's endpoints, their secrets and
// delivery logs. Another account's endpoint is not found (404), as if it did not exist.

/** Endpoints one account may have. */
const MAX_ENDPOINTS = 10;
/** Deliveries the log shows per endpoint, newest first. */
const LOG_LENGTH = 50;

function checkUrl(env: Partial<Bindings>, url: string, requestOrigin: string) {
  const problem = webhookUrlProblem(url, urlPolicy(env, requestOrigin));
  if (problem) throw new ApiError(400, problem, {}, { errors: [{ field: "url", message: problem }] });
}

async function owned(db: Db, userId: string, id: string) {
  const row = await findEndpoint(db, id);
  if (!row || row.userId !== userId) throw notFound("Webhook endpoint not found");
  return row;
}

export async function listWebhooks(db: Db, userId: string): Promise<WebhookEndpoint[]> {
  return (await listEndpoints(db, userId)).map((row) => publicEndpoint(row));
}

/** `requestOrigin`: the app's origin as the request reached it (an endpoint may not point back at it). */
export async function createWebhook(env: Bindings, db: Db, userId: string, body: NewWebhook, requestOrigin: string) {
  checkUrl(env, body.url, requestOrigin);
  if ((await listEndpoints(db, userId)).length >= MAX_ENDPOINTS)
    throw new ApiError(
      409,
      `You have ${MAX_ENDPOINTS} webhook endpoints, the most an account may have. Delete one first.`,
    );
  return publicEndpoint(await insertEndpoint(db, { userId, ...body, secret: newWebhookSecret() }));
}

export async function updateWebhook(
  env: Bindings,
  db: Db,
  userId: string,
  id: string,
  patch: UpdateWebhook,
  requestOrigin: string,
) {
  await owned(db, userId, id);
  if (patch.url !== undefined) checkUrl(env, patch.url, requestOrigin);
  const row = await updateEndpoint(db, id, {
    ...(patch.url !== undefined ? { url: patch.url } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.events !== undefined ? { events: JSON.stringify(patch.events) } : {}),
    // Switched on again (or off by its owner): the failure count and the server's reason start over.
    ...(patch.enabled !== undefined ? { enabled: patch.enabled, disabledReason: null, failedMessages: 0 } : {}),
  });
  if (!row) throw notFound("Webhook endpoint not found");
  return publicEndpoint(row);
}

export async function deleteWebhook(db: Db, userId: string, id: string) {
  if (!(await deleteEndpoint(db, userId, id))) throw notFound("Webhook endpoint not found");
}

/** A new secret; the old one keeps signing beside it for a day, so the receiver can switch without losing a message. */
export async function rotateSecret(db: Db, userId: string, id: string) {
  const current = await owned(db, userId, id);
  const row = await updateEndpoint(db, id, {
    secret: newWebhookSecret(),
    previousSecret: current.secret,
    previousSecretExpiresAt: new Date(Date.now() + PREVIOUS_SECRET_SIGNS_FOR_MS).toISOString(),
  });
  if (!row) throw notFound("Webhook endpoint not found");
  return publicEndpoint(row);
}

export async function webhookDeliveries(db: Db, userId: string, id: string): Promise<WebhookDelivery[]> {
  await owned(db, userId, id);
  return (await listDeliveries(db, id, LOG_LENGTH)).map(publicDelivery);
}

/** The same message again (same webhook-id and body, so a receiver that deduplicates acts once), from attempt 0. */
export async function resendDelivery(env: Bindings, db: Db, userId: string, id: string, deliveryId: string) {
  const endpoint = await owned(db, userId, id);
  const delivery = await findDelivery(db, deliveryId);
  if (!delivery || delivery.endpointId !== id) throw notFound("Delivery not found");
  if (!endpoint.enabled) throw new ApiError(409, "The endpoint is switched off: switch it on to resend");
  const rows = await insertDeliveries(db, [
    { endpointId: id, messageId: delivery.messageId, event: delivery.event, payload: delivery.payload },
  ]);
  await enqueueDeliveries(env, rows);
  return publicDelivery(rows[0] as (typeof rows)[number]);
}

/** A `webhook.test` message about no real transcription, sent even to a switched-off endpoint (to check it first). */
export async function sendTestEvent(env: Bindings, db: Db, userId: string, id: string) {
  await owned(db, userId, id);
  const payload = payloadOf(env, TEST_EVENT, new Date().toISOString(), {
    id: "test",
    title: "Test event",
    status: "COMPLETED",
  });
  const messageId = `msg_${crypto.randomUUID().replaceAll("-", "")}`;
  const rows = await insertDeliveries(db, [{ endpointId: id, messageId, event: TEST_EVENT, payload }]);
  await enqueueDeliveries(env, rows);
  return publicDelivery(rows[0] as (typeof rows)[number]);
}

import { runOutcome } from "@verbatim/shared/transcription";
import type { WebhookEvent, WebhookPayload } from "@verbatim/shared/webhooks";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { transcriptions, webhookEndpoints } from "../db/schema";
import type { Bindings } from "../env";
import { linkOrigin } from "../mail";
import type { WebhookEventMessage } from "../rules/job-messages";
import { titleOf } from "../rules/transcription-title";
import { type DeliveryRow, eventsOf, insertDeliveries } from "./store";

// What happened to a transcription, turned into one signed message per subscribed endpoint. The request or job
// where it happened only puts a message on the queue (announce); the queue fans it out (fanOut) and each delivery
// then goes on its own (deliver.ts), so no request waits for anyone's receiver.

/** The event of the test button: the same shape, about no real transcription. */
export const TEST_EVENT = "webhook.test";

/** A run finished: transcription.completed or .failed, decided by its status when the message is handled. */
export const FINISHED = "transcription.finished";

/** Queues `event` about a transcription. A deleted one passes what it was, since its row is gone by then. */
export async function announce(
  env: Pick<Bindings, "JOBS">,
  userId: string,
  transcriptionId: string,
  event: WebhookEvent | typeof FINISHED,
  deleted?: { title: string; status: string },
) {
  const message: WebhookEventMessage = {
    type: "webhook-event",
    userId,
    transcriptionId,
    event,
    at: new Date().toISOString(),
    ...(deleted ? { deleted } : {}),
  };
  await env.JOBS.send(message);
}

export function payloadOf(
  env: Partial<Bindings>,
  type: WebhookPayload["type"],
  at: string,
  t: { id: string; title: string; status: string },
): string {
  const origin = linkOrigin(env);
  const body: WebhookPayload = {
    type,
    timestamp: at,
    data: {
      ...t,
      links: { app: `${origin}/transcription/${t.id}`, api: `${origin}/api/transcriptions/${t.id}` },
    },
  };
  return JSON.stringify(body);
}

/** Puts attempt 0 of each delivery on the queue. */
export async function enqueueDeliveries(env: Pick<Bindings, "JOBS">, rows: DeliveryRow[]) {
  if (rows.length === 0) return;
  await env.JOBS.sendBatch(rows.map((r) => ({ body: { type: "webhook", deliveryId: r.id, attempt: 0 } as const })));
}

/** The queue's webhook-event message: a delivery for each of the user's enabled endpoints that wants the event. */
export async function fanOut(env: Bindings, db: Db, m: WebhookEventMessage) {
  const endpoints = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, m.userId), eq(webhookEndpoints.enabled, true)));
  if (endpoints.length === 0) return;
  let event: WebhookEvent;
  let about: { id: string; title: string; status: string };
  if (m.deleted) {
    event = "transcription.deleted";
    about = { id: m.transcriptionId, ...m.deleted };
  } else {
    const row = await db.query.transcriptions.findFirst({ where: eq(transcriptions.id, m.transcriptionId) });
    if (!row || row.userId !== m.userId) return;
    about = { id: row.id, title: titleOf(row), status: row.status };
    const outcome = runOutcome(row.status);
    if (m.event !== FINISHED) event = m.event;
    else if (outcome) event = `transcription.${outcome}`;
    else return;
  }
  const wanting = endpoints.filter((e) => eventsOf(e).includes(event));
  if (wanting.length === 0) return;
  const messageId = `msg_${crypto.randomUUID().replaceAll("-", "")}`;
  const payload = payloadOf(env, event, m.at, about);
  const rows = await insertDeliveries(
    db,
    wanting.map((e) => ({ endpointId: e.id, messageId, event, payload })),
  );
  await enqueueDeliveries(env, rows);
}

import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from "@verbatim/shared/webhooks";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { webhookDeliveries, webhookEndpoints } from "../db/schema";

// D1 access for webhook endpoints and their delivery log.

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export const eventsOf = (row: EndpointRow): WebhookEvent[] =>
  (JSON.parse(row.events) as string[]).filter((e): e is WebhookEvent =>
    (WEBHOOK_EVENTS as readonly string[]).includes(e),
  );

/** The secrets that sign now: the current one, and the previous one until it expires. */
export const signingSecrets = (row: EndpointRow, now: Date): string[] =>
  row.previousSecret && row.previousSecretExpiresAt && Date.parse(row.previousSecretExpiresAt) > now.getTime()
    ? [row.secret, row.previousSecret]
    : [row.secret];

export const publicEndpoint = (row: EndpointRow, now = new Date()): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: eventsOf(row),
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  secret: row.secret,
  previousSecretExpiresAt: signingSecrets(row, now).length > 1 ? row.previousSecretExpiresAt : null,
  createdAt: row.createdAt,
});

export const publicDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  endpointId: row.endpointId,
  messageId: row.messageId,
  event: row.event,
  status: WEBHOOK_DELIVERY_STATUSES.find((s) => s === row.status) ?? "pending",
  attempts: row.attempts,
  httpStatus: row.httpStatus,
  latencyMs: row.latencyMs,
  responseExcerpt: row.responseExcerpt,
  createdAt: row.createdAt,
  lastAttemptAt: row.lastAttemptAt,
  nextAttemptAt: row.nextAttemptAt,
});

export function listEndpoints(db: Db, userId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt));
}

export function findEndpoint(db: Db, id: string) {
  return db.query.webhookEndpoints.findFirst({ where: eq(webhookEndpoints.id, id) });
}

export async function insertEndpoint(
  db: Db,
  values: { userId: string; url: string; description: string; events: WebhookEvent[]; secret: string },
): Promise<EndpointRow> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ id: crypto.randomUUID(), ...values, events: JSON.stringify(values.events) })
    .returning();
  return row as EndpointRow;
}

export async function updateEndpoint(
  db: Db,
  id: string,
  values: Partial<Omit<typeof webhookEndpoints.$inferInsert, "id" | "userId">>,
): Promise<EndpointRow | undefined> {
  const [row] = await db.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id)).returning();
  return row;
}

export async function deleteEndpoint(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return gone.length > 0;
}

/** One more message whose every attempt failed; the count after it. */
export async function countFailedMessage(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failedMessages: sql`${webhookEndpoints.failedMessages} + 1` })
    .where(eq(webhookEndpoints.id, id))
    .returning({ failedMessages: webhookEndpoints.failedMessages });
  return row?.failedMessages ?? 0;
}

/** Switches the endpoint off for `reason`; false when it was off already (so only one e-mail goes). */
export async function disableEndpoint(db: Db, id: string, reason: string): Promise<boolean> {
  const moved = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  return moved.length > 0;
}

export async function insertDeliveries(
  db: Db,
  rows: { endpointId: string; messageId: string; event: string; payload: string }[],
): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(webhookDeliveries)
    .values(rows.map((r) => ({ id: crypto.randomUUID(), ...r })))
    .returning();
}

export function findDelivery(db: Db, id: string) {
  return db.query.webhookDeliveries.findFirst({ where: eq(webhookDeliveries.id, id) });
}

export function listDeliveries(db: Db, endpointId: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

/**
 * Claims attempt `attempt` of a pending delivery (attempts goes from `attempt` to `attempt + 1`): a message the
 * queue hands out twice, or a stale one, claims nothing, so one attempt is made once.
 */
export async function claimAttempt(db: Db, id: string, attempt: number, at: string): Promise<boolean> {
  const claimed = await db
    .update(webhookDeliveries)
    .set({ attempts: attempt + 1, lastAttemptAt: at, nextAttemptAt: null })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.attempts, attempt),
        eq(webhookDeliveries.status, "pending"),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return claimed.length > 0;
}

export async function recordAttempt(
  db: Db,
  id: string,
  values: Pick<
    typeof webhookDeliveries.$inferInsert,
    "status" | "httpStatus" | "latencyMs" | "responseExcerpt" | "nextAttemptAt"
  >,
) {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

/** Forgets deliveries logged before `before` (the hourly cron). */
export async function pruneDeliveries(db: Db, before: string) {
  await db.delete(webhookDeliveries).where(lt(webhookDeliveries.createdAt, before));
}

import type { PushSubscriptionBody } from "@verbatim/shared/push";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { pushSubscriptions } from "../db/schema";

// The browsers a user gets notifications in. A row belongs to the session that made it: signing out deletes the
// session and, through the foreign key, the row (the browser unsubscribes too), so a shared computer stops
// receiving one account's notifications when that account signs out there.

/** Browsers one account may have subscribed; past it the oldest is let go (each push goes to every one). */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

/**
 * Saves this browser's subscription for the signed-in session. An endpoint is one browser's own: when it was
 * saved before (this account again, or another that signed in there), it now belongs to this session.
 */
export async function saveSubscription(db: Db, userId: string, sessionId: string, body: PushSubscriptionBody) {
  const values = { userId, sessionId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
  const extra = rows.slice(0, Math.max(0, rows.length - MAX_SUBSCRIPTIONS_PER_USER)).map((r) => r.id);
  if (extra.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
}

/** Removes the user's subscription at `endpoint`; false when they have none there. */
export async function removeSubscription(db: Db, userId: string, endpoint: string) {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export function subscriptionsOf(db: Db, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** Forgets a subscription the push service says is gone (404/410). */
export async function pruneSubscription(db: Db, id: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

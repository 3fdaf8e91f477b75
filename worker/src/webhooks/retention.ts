import type { Db } from "../db/client";
import { DELIVERIES_KEPT_FOR_MS } from "../rules/webhook-schedule";
import { pruneDeliveries } from "./store";

/** Forgets deliveries older than the log keeps them (the hourly cron). */
export async function pruneOldDeliveries(db: Db, now = Date.now()) {
  await pruneDeliveries(db, new Date(now - DELIVERIES_KEPT_FOR_MS).toISOString());
}

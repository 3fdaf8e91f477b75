import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { loginFailures, rateEvents } from "../db/schema";

// Limits of N events per key in a sliding window, in a table of (key, at) rows. A slot is taken by one
// conditional INSERT, which D1 (SQLite, one writer) runs atomically: requests sent at the same moment cannot all
// see a free slot and then all take one, as a check followed by a later write let them.

type EventTable = typeof rateEvents | typeof loginFailures;

export interface WindowLimit {
  max: number;
  windowMs: number;
}

/** A slot taken: its row, to give back when the attempt turned out not to count (a right password). */
export interface Slot {
  table: EventTable;
  id: number;
}

/**
 * Takes one of `limit.max` slots of `key`: the slot, or the seconds until one frees (for Retry-After). Events
 * count while `at` is inside the window: later than `now - windowMs`.
 */
export async function takeSlot(
  db: Db,
  table: EventTable,
  key: string,
  limit: WindowLimit,
): Promise<{ slot: Slot } | { retryAfter: number }> {
  const now = Date.now();
  const since = now - limit.windowMs;
  const result = await db.run(
    sql`INSERT INTO ${table} (key, at) SELECT ${key}, ${now}
        WHERE (SELECT count(*) FROM ${table} WHERE key = ${key} AND at > ${since}) < ${limit.max}`,
  );
  if (result.meta.changes === 1) return { slot: { table, id: Number(result.meta.last_row_id) } };
  return { retryAfter: await secondsUntilFree(db, table, key, limit, now) };
}

/**
 * When a slot of `key` frees: the window holds n >= max events, and one is free once all but max - 1 have left
 * it, so at the (n - max + 1)-th oldest's end. (The oldest alone is too soon when more than max got in.)
 */
export async function secondsUntilFree(db: Db, table: EventTable, key: string, limit: WindowLimit, now = Date.now()) {
  const rows = await db
    .select({ at: table.at })
    .from(table)
    .where(and(eq(table.key, key), gt(table.at, now - limit.windowMs)))
    .orderBy(asc(table.at));
  const freeing = rows[rows.length - limit.max];
  return freeing ? Math.max(1, Math.ceil((freeing.at + limit.windowMs - now) / 1000)) : 0;
}

/** Gives slots back: the attempts they stood for did not count. */
export async function releaseSlots(db: Db, slots: Slot[]) {
  for (const table of new Set(slots.map((s) => s.table))) {
    const ids = slots.filter((s) => s.table === table).map((s) => s.id);
    await db.delete(table).where(inArray(table.id, ids));
  }
}

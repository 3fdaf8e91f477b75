import { mergePreferences, type Preferences, type PreferencesUpdate } from "@verbatim/shared";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { userPreferences } from "../db/schema";

function parseSaved(data: string | undefined): unknown {
  if (!data) return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * The user's preferences, saved values laid over the defaults. Server-side readers (the analysis job reads
 * `ai`) call this rather than the table, so they see exactly what the settings screen shows.
 */
export async function getPreferences(db: Db, userId: string): Promise<Preferences> {
  const row = await db.query.userPreferences.findFirst({ where: eq(userPreferences.userId, userId) });
  return mergePreferences(parseSaved(row?.data));
}

/**
 * Merges a validated partial update into the saved preferences in one statement (SQLite's json_patch, an
 * RFC 7396 merge), so two tabs saving different sections at once cannot overwrite each other. Only what the
 * user chose is stored; untouched fields keep following the defaults.
 */
export async function savePreferences(db: Db, userId: string, update: PreferencesUpdate): Promise<Preferences> {
  const patch = JSON.stringify(update);
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, data: patch })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { data: sql`json_patch(${userPreferences.data}, excluded.data)` },
    })
    .returning({ data: userPreferences.data });
  return mergePreferences(parseSaved(row?.data));
}

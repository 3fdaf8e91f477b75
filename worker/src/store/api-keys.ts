import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from "@verbatim/shared/api-keys";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { apiKeys } from "../db/schema";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

const scopesOf = (row: ApiKeyRow): ApiKeyScope[] =>
  (JSON.parse(row.scopes) as string[]).filter((s): s is ApiKeyScope =>
    (API_KEY_SCOPES as readonly string[]).includes(s),
  );

export const publicApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: scopesOf(row),
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
  lastUsedAt: row.lastUsedAt,
});

export async function insertApiKey(
  db: Db,
  key: {
    userId: string;
    name: string;
    prefix: string;
    keyHash: string;
    scopes: ApiKeyScope[];
    expiresAt: string | null;
  },
): Promise<ApiKeyRow> {
  const [row] = await db
    .insert(apiKeys)
    .values({ id: crypto.randomUUID(), ...key, scopes: JSON.stringify(key.scopes) })
    .returning();
  return row as ApiKeyRow;
}

export function listApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
}

/** The key with this hash, with its scopes, if it exists (expiry is the caller's to check). */
export async function findApiKeyByHash(db: Db, keyHash: string) {
  const row = await db.query.apiKeys.findFirst({ where: eq(apiKeys.keyHash, keyHash) });
  return row ? { row, scopes: scopesOf(row) } : undefined;
}

export async function touchApiKey(db: Db, id: string, at: string) {
  await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
}

export async function deleteApiKey(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  return gone.length > 0;
}

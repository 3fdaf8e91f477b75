import { API_KEY_PREFIX, type CreatedApiKey, type NewApiKey } from "@verbatim/shared/api-keys";
import type { Context } from "hono";
import type { Db } from "../db/client";
import type { AppEnv } from "../env";
import { ApiError, notFound } from "../http/errors";
import { API_KEY_REQUESTS, takeMetered } from "../http/rate-limit";
import { requiredScope } from "../rules/api-key-scopes";
import { hashToken, newToken } from "../rules/secret-token";
import {
  deleteApiKey,
  findApiKeyByHash,
  insertApiKey,
  listApiKeys,
  publicApiKey,
  touchApiKey,
} from "../store/api-keys";

// API keys (docs/architecture/api.md#api-keys), the way the providers' guides and OWASP's API checklist say: 256
// random bits behind a recognisable prefix, shown once, stored only as SHA-256, scoped, optionally expiring,
// revoked at once, and limited per key. A request with a Bearer key is that key's alone: it never falls back to
// the session cookie, so the cookie's CSRF check has nothing to protect there (http/origin.ts).

/** Keys one account may hold. */
const MAX_KEYS = 25;
/** Characters of a key shown in the list to tell keys apart: the prefix and 6 of its random characters. */
const SHOWN = API_KEY_PREFIX.length + 6;
/** last_used_at is written at most this often per key, so requests do not each become a write. */
const TOUCH_AFTER_MS = 60_000;

const invalid = () =>
  new ApiError(401, "The API key is invalid, revoked or expired", {
    "WWW-Authenticate": 'Bearer realm="verbatim", error="invalid_token"',
  });

/** The token of `Authorization: Bearer <token>`; undefined without that header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  if (header !== undefined && /^Bearer\b/i.test(header) && !match) throw invalid();
  return match?.[1];
}

/**
 * Signs the request in as the key's owner, if the key is valid and allowed here: 401 for an unknown, revoked or
 * expired key, 403 where no key may be used or its scopes do not reach, 429 past its pace. Sets the RateLimit
 * headers on the answer.
 */
export async function useApiKey(c: Context<AppEnv>, token: string): Promise<void> {
  const db = c.get("db");
  const found = token.startsWith(API_KEY_PREFIX) ? await findApiKeyByHash(db, hashToken(token)) : undefined;
  const now = new Date();
  if (!found || (found.row.expiresAt && Date.parse(found.row.expiresAt) <= now.getTime())) throw invalid();
  const scope = requiredScope(c.req.method, c.req.path);
  if (!scope)
    throw new ApiError(
      403,
      `API keys cannot be used on ${c.req.path}: it needs a signed-in session. Keys reach transcriptions, uploads, search, sync and webhooks.`,
    );
  if (!found.scopes.includes(scope))
    throw new ApiError(403, `This API key does not have the ${scope} scope`, {
      "WWW-Authenticate": `Bearer realm="verbatim", error="insufficient_scope", scope="${scope}"`,
    });
  const headers = await takeMetered(db, c.env, API_KEY_REQUESTS, `api-key:${found.row.id}`, "api-key");
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  if (!found.row.lastUsedAt || now.getTime() - Date.parse(found.row.lastUsedAt) > TOUCH_AFTER_MS)
    await touchApiKey(db, found.row.id, now.toISOString());
  c.set("userId", found.row.userId);
  c.set("apiKeyId", found.row.id);
}

export async function listKeys(db: Db, userId: string) {
  return (await listApiKeys(db, userId)).map(publicApiKey);
}

/** A new key from a validated request (the route's validator parsed it): the whole key is in this answer only. */
export async function createKey(
  db: Db,
  userId: string,
  { name, scopes, expiresInDays }: NewApiKey,
): Promise<CreatedApiKey> {
  if ((await listApiKeys(db, userId)).length >= MAX_KEYS)
    throw new ApiError(409, `You have ${MAX_KEYS} API keys, the most an account may hold. Revoke one first.`);
  const key = `${API_KEY_PREFIX}${newToken()}`;
  const expiresAt = expiresInDays ? new Date(Date.now() + expiresInDays * 86_400_000).toISOString() : null;
  const row = await insertApiKey(db, {
    userId,
    name,
    prefix: key.slice(0, SHOWN),
    keyHash: hashToken(key),
    scopes,
    expiresAt,
  });
  return { ...publicApiKey(row), key };
}

export async function revokeKey(db: Db, userId: string, id: string) {
  if (!(await deleteApiKey(db, userId, id))) throw notFound("API key not found");
}

import { OAuth2RequestError, type OAuth2Tokens } from "arctic";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { type UserRow, users } from "../db/schema";
import type { Bindings } from "../env";
import { ApiError } from "../http/errors";
import type { GoogleConfig } from "./config";
import { oauthClient } from "./oauth-client";
import { withinTime } from "./timed-fetch";
import { decryptToken, encryptToken } from "./token-crypto";

// The stored Google grant of a user: encrypted tokens, expiry, scopes; refreshed before it expires.

export const GRANT_LOST =
  "Your Google account is no longer connected (access was revoked or expired). Connect it again to see your meetings.";
/** Refresh this long before expiry, so a request never starts with a token about to lapse. */
const REFRESH_MARGIN_MS = 2 * 60 * 1000;
const LEASE_MS = 20_000;

export const grantedScopes = (user: Pick<UserRow, "googleScopes">) =>
  new Set((user.googleScopes ?? "").split(" ").filter(Boolean));

/** Saves tokens from the token endpoint; a missing refresh token keeps the stored one (Google sends it once). */
export async function storeTokens(env: Bindings, db: Db, user: UserRow, tokens: OAuth2Tokens, scopes: string[]) {
  const access = await encryptToken(env, user.id, tokens.accessToken());
  const existingRefresh = await decryptToken(env, user.id, user.googleTokenKeyId, user.googleRefreshToken);
  const refreshValue = tokens.hasRefreshToken() ? tokens.refreshToken() : existingRefresh;
  const refresh = refreshValue ? await encryptToken(env, user.id, refreshValue) : null;
  const [row] = await db
    .update(users)
    .set({
      googleAccessToken: access.value,
      googleRefreshToken: refresh?.value ?? null,
      googleTokenKeyId: access.keyId,
      googleTokenExpiry: tokens.accessTokenExpiresAt().toISOString(),
      googleScopes: scopes.join(" "),
      googleConnected: true,
      googleStatusMessage: null,
      googleRefreshLease: null,
      updatedAt: new Date().toISOString(),
    })
    .where(eq(users.id, user.id))
    .returning();
  return row as UserRow;
}

/** Every google_* token column cleared; `message` (if any) tells the user why on the status. */
export async function clearGrant(db: Db, userId: string, message: string | null) {
  await db
    .update(users)
    .set({
      googleAccessToken: null,
      googleRefreshToken: null,
      googleTokenExpiry: null,
      googleTokenKeyId: null,
      googleScopes: null,
      googleConnected: false,
      googleStatusMessage: message,
      googleRefreshLease: null,
      updatedAt: new Date().toISOString(),
    })
    .where(eq(users.id, userId));
}

const inFlight = new Map<string, Promise<string>>();

/**
 * A usable access token for the user, refreshed when within two minutes of expiry. One refresh at a time per
 * user: requests in this isolate share the promise, other isolates wait on the lease in D1 and re-read.
 * A revoked or expired grant (invalid_grant) turns the account to "not connected" and answers 403 GRANT_LOST.
 */
export async function accessToken(env: Bindings, db: Db, config: GoogleConfig, userId: string): Promise<string> {
  const pending = inFlight.get(userId);
  if (pending) return pending;
  const work = freshToken(env, db, config, userId).finally(() => inFlight.delete(userId));
  inFlight.set(userId, work);
  return work;
}

async function freshToken(env: Bindings, db: Db, config: GoogleConfig, userId: string, waited = 0): Promise<string> {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user?.googleConnected) throw new ApiError(403, user?.googleStatusMessage ?? "Google account is not connected");
  const access = await decryptToken(env, userId, user.googleTokenKeyId, user.googleAccessToken);
  const expiry = user.googleTokenExpiry ? Date.parse(user.googleTokenExpiry) : 0;
  if (access && expiry - REFRESH_MARGIN_MS > Date.now()) return access;

  const refresh = await decryptToken(env, userId, user.googleTokenKeyId, user.googleRefreshToken);
  if (!refresh) {
    await clearGrant(db, userId, GRANT_LOST);
    throw new ApiError(403, GRANT_LOST);
  }
  const now = Date.now();
  const claimed = await env.DB.prepare(
    "UPDATE users SET google_refresh_lease = ?1 WHERE id = ?2 AND (google_refresh_lease IS NULL OR google_refresh_lease < ?3)",
  )
    .bind(now + LEASE_MS, userId, now)
    .run();
  if (claimed.meta.changes === 0) {
    // Another isolate is refreshing: its result lands in the row shortly.
    if (waited > LEASE_MS)
      throw new ApiError(503, "Google is slow to answer. Please try again.", { "Retry-After": "5" });
    await new Promise((r) => setTimeout(r, 250));
    return freshToken(env, db, config, userId, waited + 250);
  }
  try {
    const tokens = await withinTime(
      oauthClient(config, "").refreshAccessToken(config.tokenUrl, refresh, []),
      config.timeoutMs,
    );
    const scopes = tokens.hasScopes() ? tokens.scopes() : [...grantedScopes(user)];
    await storeTokens(env, db, user, tokens, scopes);
    return tokens.accessToken();
  } catch (err) {
    if (err instanceof OAuth2RequestError && err.code === "invalid_grant") {
      await clearGrant(db, userId, GRANT_LOST);
      throw new ApiError(403, GRANT_LOST);
    }
    await db.update(users).set({ googleRefreshLease: null }).where(eq(users.id, userId));
    throw new ApiError(502, "Google did not answer. Please try again.");
  }
}

/** Revokes the grant at Google (best effort: the tokens are cleared here whatever Google answers). */
export async function revokeGrant(env: Bindings, config: GoogleConfig, user: UserRow) {
  const token =
    (await decryptToken(env, user.id, user.googleTokenKeyId, user.googleRefreshToken)) ??
    (await decryptToken(env, user.id, user.googleTokenKeyId, user.googleAccessToken));
  if (token) {
    try {
      await withinTime(oauthClient(config, "").revokeToken(config.revokeUrl, token), config.timeoutMs);
    } catch (err) {
      console.warn(JSON.stringify({ level: "warn", msg: "Google token revocation failed", error: String(err) }));
    }
  }
}

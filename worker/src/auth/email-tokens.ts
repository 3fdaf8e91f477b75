import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { emailTokens } from "../db/schema";
import { hashToken } from "../rules/secret-token";

// The tokens of e-mailed links: 256 random bits, stored only as their SHA-256, for one purpose and one address,
// used once. Confirming an address: 24 hours; resetting a password: one hour.

export type EmailTokenPurpose = "verify" | "reset";

const HOUR = 60 * 60 * 1000;
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = { verify: 24 * HOUR, reset: HOUR };

/** Stores a token's hash for `userId` and `email`; earlier tokens stay valid until they expire or one is used. */
export async function saveEmailToken(db: Db, token: string, purpose: EmailTokenPurpose, userId: string, email: string) {
  const now = Date.now();
  await db.delete(emailTokens).where(lt(emailTokens.expiresAt, now));
  await db
    .insert(emailTokens)
    .values({ tokenHash: hashToken(token), userId, purpose, email, expiresAt: now + EMAIL_TOKEN_TTL_MS[purpose] });
}

/** A valid token's row, without using it up (the reset page checks the new password first). */
export async function peekEmailToken(db: Db, token: string, purpose: EmailTokenPurpose) {
  const row = await db.query.emailTokens.findFirst({
    where: and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)),
  });
  return row && row.expiresAt > Date.now() ? row : null;
}

/**
 * Uses a token up: its row is deleted in the same statement that reads it, so two requests with the same link
 * cannot both use it. Null for an unknown, used, expired or other-purpose token.
 */
export async function takeEmailToken(db: Db, token: string, purpose: EmailTokenPurpose) {
  const [row] = await db
    .delete(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)))
    .returning();
  return row && row.expiresAt > Date.now() ? row : null;
}

/** Ends every other link of `purpose` for the account (after one of them was used). */
export async function dropEmailTokens(db: Db, userId: string, purpose: EmailTokenPurpose) {
  await db.delete(emailTokens).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)));
}

/** The same work as saveEmailToken's, for an address no account uses (a reset must take as long either way). */
export async function saveNoToken(db: Db, token: string) {
  await db.delete(emailTokens).where(lt(emailTokens.expiresAt, Date.now()));
  await db.delete(emailTokens).where(eq(emailTokens.tokenHash, hashToken(token)));
}

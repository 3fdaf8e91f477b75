import { type GoogleErrorCode, usernameSchema } from "@verbatim/shared";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type UserRow, users } from "../db/schema";
import { usernameKey } from "../rules/username-key";
import type { GoogleIdentity } from "./id-token";

// Which account a Google identity signs in to. Accounts are matched by Google's `sub`, never by e-mail
// alone: an existing account with the same e-mail is linked only from inside it (the connect flow).

export class GoogleFlowError extends Error {
  constructor(readonly code: GoogleErrorCode) {
    super(code);
  }
}

const profile = (id: GoogleIdentity) => ({
  googleSub: id.sub,
  googleProfileEmail: id.email,
  googleProfileName: id.name,
  googleProfilePicture: id.picture,
  updatedAt: new Date().toISOString(),
});

/** Google vouches for its account's address (the callback requires email_verified): an account with it is proven. */
async function markVerifiedIfSame(db: Db, user: UserRow, id: GoogleIdentity) {
  if (user.emailVerifiedAt || !id.email || id.email.toLowerCase() !== user.email.toLowerCase()) return user;
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: new Date().toISOString() })
    .where(eq(users.id, user.id))
    .returning();
  return row ?? user;
}

/**
 * Where an address only claimed (never proven) goes when its proven owner arrives: a reserved, undeliverable
 * domain (RFC 2606), unique per account. The account keeps working by username and can set a new address.
 */
export const releasedAddress = (userId: string) => `${userId}@released.invalid`;

export function findByGoogleSub(db: Db, sub: string) {
  return db.query.users.findFirst({ where: eq(users.googleSub, sub) });
}

/** Sign-in: only an account already linked to this Google account. */
export async function signInWithGoogle(db: Db, id: GoogleIdentity) {
  const user = await findByGoogleSub(db, id.sub);
  if (!user) throw new GoogleFlowError("no_matching_account");
  const [row] = await db.update(users).set(profile(id)).where(eq(users.id, user.id)).returning();
  return markVerifiedIfSame(db, row as UserRow, id);
}

/**
 * Sign-up: the linked account if there is one, else a new account; never takes over an e-mail's account. An
 * account that proved the address blocks the sign-up (account_exists: sign in there and connect Google). One
 * that only claimed it (typed it at sign-up or in its profile, never proven) must not keep its owner out: the
 * address is released from it and the new, proven account gets it.
 */
export async function signUpWithGoogle(db: Db, id: GoogleIdentity) {
  const linked = await findByGoogleSub(db, id.sub);
  if (linked) return signInWithGoogle(db, id);
  const email = id.email as string;
  const taken = await db.query.users.findFirst({
    columns: { id: true, emailVerifiedAt: true },
    where: sql`${users.email} = ${email} COLLATE NOCASE`,
  });
  if (taken?.emailVerifiedAt) throw new GoogleFlowError("account_exists");
  if (taken) {
    await db
      .update(users)
      .set({ email: releasedAddress(taken.id) })
      .where(eq(users.id, taken.id));
    console.warn(
      JSON.stringify({ level: "warn", msg: "claimed address released to its proven owner", userId: taken.id }),
    );
  }
  try {
    const username = await uniqueUsername(db, usernameBase(id));
    const [row] = await db
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        username,
        usernameKey: usernameKey(username),
        email,
        emailVerifiedAt: new Date().toISOString(),
        password: null,
        fullName: id.name,
        ...profile(id),
      })
      .returning();
    return row as UserRow;
  } catch (err) {
    console.error(JSON.stringify({ level: "error", msg: "Google sign-up failed", error: String(err) }));
    throw new GoogleFlowError("google_signup_failed");
  }
}

/** Connect (signed in): links this Google account to the current account, unless another account has it. */
export async function linkGoogle(db: Db, userId: string, id: GoogleIdentity) {
  const other = await findByGoogleSub(db, id.sub);
  if (other && other.id !== userId) throw new GoogleFlowError("account_exists");
  const [row] = await db.update(users).set(profile(id)).where(eq(users.id, userId)).returning();
  if (!row) throw new GoogleFlowError("google_auth_failed");
  return markVerifiedIfSame(db, row, id);
}

/**
 * The e-mail's local part folded to the username rules (a-z 0-9 . _ -, starting with a letter or digit,
 * never an "@"), the name as a fallback; 3–30 characters.
 */
export function usernameBase(id: Pick<GoogleIdentity, "email" | "name">) {
  const fold = (s: string) =>
    s
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "")
      .replace(/^[._-]+|[._-]+$/g, "");
  const fromEmail = fold(id.email?.split("@")[0] ?? "");
  const base = (fromEmail.length >= 3 ? fromEmail : fold((id.name ?? "").replace(/\s+/g, "."))) || "user";
  return base.padEnd(3, "0").slice(0, 30);
}

/**
 * `base`, or `base` plus the smallest number free, by the look-alike key usernames are unique by
 * (rules/username-key.ts); the result passes the same username rules as a typed one.
 */
export async function uniqueUsername(db: Db, base: string) {
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!usernameSchema.safeParse(candidate).success) continue;
    const taken = await db.query.users.findFirst({
      columns: { id: true },
      where: eq(users.usernameKey, usernameKey(candidate)),
    });
    if (!taken) return candidate;
  }
  throw new GoogleFlowError("google_signup_failed");
}

import {
  ALREADY_VERIFIED,
  EMAIL_LINK_INVALID,
  EMAIL_VERIFIED,
  FORGOT_PASSWORD_SENT,
  forgotPasswordSchema,
  messageResponseSchema,
  publicUserSchema,
  resetPasswordSchema,
  UNSUBSCRIBED,
  unsubscribeQuerySchema,
  VERIFICATION_SENT,
  verifyEmailSchema,
} from "@verbatim/shared";
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { Db } from "../db/client";
import { loginFailures } from "../db/schema";
import type { AppEnv, Bindings } from "../env";
import { clientAddress } from "../http/client-ip";
import { ApiError } from "../http/errors";
import { doc, json } from "../http/openapi";
import { RESETS_PER_ADDRESS, RESETS_PER_IP, slotFree, takeFromLimit, VERIFICATION_EMAILS } from "../http/rate-limit";
import { writeSessionCookie } from "../http/session-cookie";
import { validate } from "../http/validate";
import { linkOrigin, queueEmail, releaseHeldEmails, userOfUnsubscribeToken } from "../mail";
import { newToken } from "../rules/secret-token";
import { savePreferences } from "../store/preferences";
import { toPublicUser } from "../store/public-user";
import { findUserById, findUserByLogin, updateUser } from "../store/users";
import { dropEmailTokens, peekEmailToken, saveEmailToken, saveNoToken, takeEmailToken } from "./email-tokens";
import { currentUserId, requireUser } from "./middleware";
import { hashPassword } from "./password";
import { assertAcceptableNewPassword } from "./password-policy";
import { createSession, deleteUserSessions } from "./session-store";

// Verified addresses, the forgotten password and unsubscribing (docs/security.md#e-mail-links). A link's token
// comes in the body of a POST made by the page the link opens, never by the link itself, so a mail scanner that
// follows links uses nothing up.

const requestOrigin = (c: Context<AppEnv>) => new URL(c.req.url).origin;

/** Sends `email` a confirmation link for the account (sign-up, a new address, "Resend"). */
export async function sendVerification(env: Bindings, db: Db, origin: string, user: { id: string; email: string }) {
  const token = newToken();
  await saveEmailToken(db, token, "verify", user.id, user.email);
  const link = `${linkOrigin(env, origin)}/verify-email?token=${token}`;
  await queueEmail(env, { kind: "verify", userId: user.id, email: user.email, link });
}

/** The address is the account's: confirmed now, and the notifications held for it go out. */
async function markVerified(env: Bindings, db: Db, userId: string) {
  await updateUser(db, userId, { emailVerifiedAt: new Date().toISOString() });
  await dropEmailTokens(db, userId, "verify");
  await releaseHeldEmails(env, db, userId);
}

const docs = {
  verify: doc({
    summary: "Confirm the account's e-mail address with the token of its confirmation link",
    tag: "auth",
    auth: false,
    responses: { 200: json(messageResponseSchema, "Confirmed") },
    errors: [400],
  }),
  resend: doc({
    summary: "E-mail the signed-in user a new confirmation link",
    tag: "auth",
    responses: {
      200: json(messageResponseSchema, "The address is confirmed already"),
      202: json(messageResponseSchema, "A link is on its way"),
    },
    errors: [429],
  }),
  forgot: doc({
    summary: "E-mail a password reset link; the same answer whether or not an account uses the address",
    tag: "auth",
    auth: false,
    responses: { 202: json(messageResponseSchema, "A link is on its way if an account uses the address") },
    errors: [400, 429],
  }),
  reset: doc({
    summary: "Choose a new password with the token of a reset link; every session ends, this one starts",
    tag: "auth",
    auth: false,
    responses: { 200: json(publicUserSchema, "The user, signed in; the session cookie is set") },
    errors: [400],
  }),
  unsubscribe: doc({
    summary: "One-click unsubscribe from the new-features e-mails (RFC 8058), with the e-mail's signed token",
    tag: "auth",
    auth: false,
    responses: { 200: json(messageResponseSchema, "Unsubscribed") },
    errors: [400],
  }),
};

/** /api/email/*: confirming the address, and unsubscribing. */
export const emailRoutes = new Hono<AppEnv>()
  .post("/verify", docs.verify, validate("json", verifyEmailSchema), async (c) => {
    const db = c.get("db");
    const row = await takeEmailToken(db, c.req.valid("json").token, "verify");
    const user = row && (await findUserById(db, row.userId));
    // A link for an address the account no longer uses confirms nothing.
    if (!row || !user || user.email.toLowerCase() !== row.email.toLowerCase())
      throw new ApiError(400, EMAIL_LINK_INVALID);
    if (!user.emailVerifiedAt) await markVerified(c.env, db, user.id);
    return c.json({ message: EMAIL_VERIFIED }, 200);
  })
  .route(
    "/verification",
    new Hono<AppEnv>().use(requireUser).post("/", docs.resend, async (c) => {
      const db = c.get("db");
      const user = await findUserById(db, currentUserId(c));
      if (!user) throw new ApiError(401, "Not authenticated");
      if (user.emailVerifiedAt) return c.json({ message: ALREADY_VERIFIED }, 200);
      await takeFromLimit(db, c.env, VERIFICATION_EMAILS, `verify-email:${user.id}`);
      await sendVerification(c.env, db, requestOrigin(c), user);
      return c.json({ message: VERIFICATION_SENT }, 202);
    }),
  )
  .post("/unsubscribe", docs.unsubscribe, validate("query", unsubscribeQuerySchema), async (c) => {
    const db = c.get("db");
    const userId = await userOfUnsubscribeToken(c.env, c.req.valid("query").token);
    if (!userId) throw new ApiError(400, EMAIL_LINK_INVALID);
    // An account deleted since has nothing left to unsubscribe from.
    if (await findUserById(db, userId))
      await savePreferences(db, userId, { notifications: { emailNewFeatures: false } });
    return c.json({ message: UNSUBSCRIBED }, 200);
  });

/** /api/password/*: the forgotten password. */
export const passwordRoutes = new Hono<AppEnv>()
  .post("/forgot", docs.forgot, validate("json", forgotPasswordSchema), async (c) => {
    const db = c.get("db");
    // One client asking for many addresses is refused; an address asked for too often quietly gets nothing more.
    await takeFromLimit(db, c.env, RESETS_PER_IP, `reset-ip:${clientAddress(c.req.raw, c.env)}`);
    const email = c.req.valid("json").email.toLowerCase();
    const withinLimit = await slotFree(db, c.env, RESETS_PER_ADDRESS, `reset-email:${email}`);
    const user = await findUserByLogin(db, email);
    // The same work whether or not an account uses the address: a token, one write, one queued message.
    const token = newToken();
    if (user && withinLimit) {
      await saveEmailToken(db, token, "reset", user.id, user.email);
      const link = `${linkOrigin(c.env, requestOrigin(c))}/reset-password?token=${token}`;
      await queueEmail(c.env, { kind: "reset", userId: user.id, email: user.email, link });
    } else {
      await saveNoToken(db, token);
      await queueEmail(c.env, { kind: "reset-unknown" });
    }
    return c.json({ message: FORGOT_PASSWORD_SENT }, 202);
  })
  .post("/reset", docs.reset, validate("json", resetPasswordSchema), async (c) => {
    const db = c.get("db");
    const { token, password } = c.req.valid("json");
    const peeked = await peekEmailToken(db, token, "reset");
    const user = peeked && (await findUserById(db, peeked.userId));
    if (!peeked || !user || user.email.toLowerCase() !== peeked.email.toLowerCase())
      throw new ApiError(400, EMAIL_LINK_INVALID);
    // The new password is checked before the link is used up, so a refused one can be corrected on the same page.
    await assertAcceptableNewPassword(password, user);
    if (!(await takeEmailToken(db, token, "reset"))) throw new ApiError(400, EMAIL_LINK_INVALID);
    await updateUser(db, user.id, { password: await hashPassword(password) });
    await dropEmailTokens(db, user.id, "reset");
    // Everyone signed in is signed out (a thief too); the account's lockout is lifted, as the owner proved the address.
    await deleteUserSessions(db, user.id);
    await db.delete(loginFailures).where(eq(loginFailures.key, `account:${user.id}`));
    // The link came to the address: that proves it.
    if (!user.emailVerifiedAt) await markVerified(c.env, db, user.id);
    await queueEmail(c.env, {
      kind: "activity",
      userId: user.id,
      event: "password-changed",
      at: new Date().toISOString(),
    });
    const session = await createSession(db, user.id, c.req.header("User-Agent") ?? null);
    writeSessionCookie(c, session.token, session.expiresAt);
    c.set("userId", user.id);
    const fresh = await findUserById(db, user.id);
    return c.json(toPublicUser(fresh ?? user), 200);
  });

import { loginSchema, messageResponseSchema, publicUserSchema, registerSchema, sessionSchema } from "@verbatim/shared";
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { clientAddress } from "../http/client-ip";
import { doc, json } from "../http/openapi";
import { SIGNUP_BURST, SIGNUPS_PER_IP, takeFromLimit } from "../http/rate-limit";
import { clearSessionCookie, writeSessionCookie } from "../http/session-cookie";
import { validate } from "../http/validate";
import { releaseSlots } from "../http/window-slots";
import { queueEmail } from "../mail";
import { describeUserAgent } from "../rules/user-agent";
import { toPublicUser } from "../store/public-user";
import { findUserById } from "../store/users";
import { emailRoutes, passwordRoutes, sendVerification } from "./email-routes";
import { currentUserId, requireUser } from "./middleware";
import { authenticate, register } from "./service";
import { createSession, deleteSession, deleteUserSessions } from "./session-store";
import { hasTrustedDevices, readDeviceCookie, rememberDevice, trustedDeviceKey } from "./trusted-device";

const docs = {
  register: doc({
    summary: "Create an account and sign in (sets the session cookie)",
    tag: "auth",
    auth: false,
    responses: { 201: json(publicUserSchema, "The new user; the session cookie is set") },
    errors: [400, 409, 429],
  }),
  login: doc({
    summary: "Sign in (sets the session cookie)",
    tag: "auth",
    auth: false,
    responses: { 200: json(publicUserSchema, "The user; the session cookie is set") },
    errors: [400, 401, 429],
  }),
  logout: doc({
    summary: "End this session",
    tag: "auth",
    auth: false,
    responses: { 200: json(messageResponseSchema, "Signed out (also when there was no session)") },
  }),
  session: doc({
    summary: "Who is signed in: the user, or null without a session (never 401)",
    tag: "auth",
    auth: false,
    responses: { 200: json(sessionSchema, "The signed-in user, or null") },
  }),
  logoutAll: doc({
    summary: "End every session of the user",
    tag: "auth",
    responses: { 200: json(messageResponseSchema, "All sessions ended") },
  }),
};

/** Sign-up, sign-in and sign-out, open to anyone: mounted at /api itself, where their URLs are. */
export const authRoutes = new Hono<AppEnv>()
  .post("/register", docs.register, validate("json", registerSchema), async (c) => {
    const db = c.get("db");
    // Both slots are taken before the account is made (sign-ups sent at once cannot all pass), and given back
    // when none is made (a taken name).
    const slots = [await takeFromLimit(db, c.env, SIGNUPS_PER_IP, `signup-ip:${clientAddress(c.req.raw, c.env)}`)];
    let user: Awaited<ReturnType<typeof register>>;
    try {
      slots.push(await takeFromLimit(db, c.env, SIGNUP_BURST, "signup"));
      user = await register(db, c.req.valid("json"));
    } catch (err) {
      await releaseSlots(db, slots);
      throw err;
    }
    const session = await createSession(c.get("db"), user.id, c.req.header("User-Agent") ?? null);
    writeSessionCookie(c, session.token, session.expiresAt);
    c.set("userId", user.id);
    // The app works at once; the address is confirmed by the link (until then the app says so).
    await sendVerification(c.env, db, new URL(c.req.url).origin, user);
    return c.json(toPublicUser(user), 201);
  })
  .post("/login", docs.login, validate("json", loginSchema), async (c) => {
    const db = c.get("db");
    const deviceToken = readDeviceCookie(c);
    const user = await authenticate(db, c.env, c.req.valid("json"), {
      ip: clientAddress(c.req.raw, c.env),
      deviceToken,
    });
    // A browser this account never signed in from, when it has signed in from others: the owner hears of it. (The
    // first sign-in after sign-up is no news.)
    if (!(await trustedDeviceKey(db, deviceToken, user.id)) && (await hasTrustedDevices(db, user.id)))
      await queueEmail(c.env, {
        kind: "activity",
        userId: user.id,
        event: "new-device",
        detail: describeUserAgent(c.req.header("User-Agent")),
        at: new Date().toISOString(),
      });
    await rememberDevice(c, db, user.id);
    const session = await createSession(c.get("db"), user.id, c.req.header("User-Agent") ?? null);
    writeSessionCookie(c, session.token, session.expiresAt);
    c.set("userId", user.id);
    return c.json(toPublicUser(user));
  })
  .get("/session", docs.session, async (c) => {
    const userId = c.get("userId");
    // A session that outlived its account (deleted in another tab) is no session.
    const user = userId ? await findUserById(c.get("db"), userId) : undefined;
    c.header("Cache-Control", "private, no-store");
    return c.json({ user: user ? toPublicUser(user) : null }, 200);
  })
  .post("/logout", docs.logout, async (c) => {
    const sessionId = c.get("sessionId");
    if (sessionId) await deleteSession(c.get("db"), sessionId);
    clearSessionCookie(c);
    return c.json({ message: "Logged out" });
  })
  .route("/email", emailRoutes)
  .route("/password", passwordRoutes)
  .route(
    "/logout-all",
    new Hono<AppEnv>().use(requireUser).post("/", docs.logoutAll, async (c) => {
      await deleteUserSessions(c.get("db"), currentUserId(c));
      clearSessionCookie(c);
      return c.json({ message: "All sessions ended" });
    }),
  );

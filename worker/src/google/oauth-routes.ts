import { type GoogleStatus, googleStartQuerySchema, googleStatusSchema, messageResponseSchema } from "@verbatim/shared";
import { ArcticFetchError, CodeChallengeMethod, OAuth2RequestError, type OAuth2Tokens } from "arctic";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { createSession, currentUserId, requireUser } from "../auth";
import { users } from "../db/schema";
import type { AppEnv } from "../env";
import { doc, json } from "../http/openapi";
import { writeSessionCookie } from "../http/session-cookie";
import { validate } from "../http/validate";
import { queueEmail } from "../mail";
import { findUserById } from "../store/users";
import { GoogleFlowError, linkGoogle, signInWithGoogle, signUpWithGoogle } from "./account";
import { type AuthRequest, beginAuthRequest, type Intent, takeAuthRequest } from "./auth-requests";
import { googleConfig, SCOPES } from "./config";
import { clearGrant, grantedScopes, revokeGrant, storeTokens } from "./grant";
import { verifyIdToken } from "./id-token";
import { oauthClient } from "./oauth-client";
import { safeReturnPath, withError } from "./return-to";

const HELP_NOT_CONFIGURED = "/google-oauth-help?error=not_configured";

/** Where a failed flow lands: the page it started from, carrying the spec's error code. */
function failurePath(intent: Intent, returnTo: string | null) {
  if (intent === "login") return "/login";
  if (intent === "signup") return "/register";
  return returnTo ?? "/integrations";
}

function scopesFor(intent: Intent) {
  if (intent === "connect") return [...SCOPES.signIn, SCOPES.calendar];
  if (intent === "drive") return [...SCOPES.signIn, SCOPES.calendar, SCOPES.driveRead];
  return SCOPES.signIn;
}

/** Token-endpoint failures as the spec's codes (Google answers invalid_grant for a bad, used or expired code). */
function exchangeError(err: unknown): GoogleFlowError {
  if (err instanceof OAuth2RequestError) {
    if (err.code === "redirect_uri_mismatch") return new GoogleFlowError("redirect_uri_mismatch");
    if (err.code === "invalid_grant" || err.code === "invalid_request") return new GoogleFlowError("invalid_code");
  }
  if (!(err instanceof ArcticFetchError))
    console.warn(JSON.stringify({ level: "warn", msg: "Google token exchange failed", error: String(err) }));
  return new GoogleFlowError("token_exchange_failed");
}

const tag = "google";
const query = (name: string, description: string) => ({
  in: "query" as const,
  name,
  required: false,
  description,
  schema: { type: "string" as const },
});
const redirect = (description: string) => ({
  302: {
    description,
    headers: { Location: { schema: { type: "string" as const }, description: "Where the browser goes next" } },
  },
});
const docs = {
  start: doc({
    summary: "Start Google sign-in or connection (a browser navigation: redirects to Google)",
    tag,
    auth: false,
    responses: redirect(
      "To Google's consent screen; or back to the app with ?error=<code>; or to /google-oauth-help when Google is not configured",
    ),
    errors: [400],
  }),
  callback: doc({
    summary: "Google's redirect back (code, state): signs in or connects, then redirects into the app",
    tag,
    auth: false,
    parameters: [
      query("code", "Authorization code"),
      query("state", "The state sent to Google"),
      query("error", "Google's error"),
    ],
    responses: redirect(
      "To returnToUrl (or /dashboard, /integrations); on failure to the page it started from with ?error=<code>",
    ),
  }),
  disconnect: doc({
    summary: "Disconnect Google: revoke the grant at Google and clear the stored tokens",
    tag,
    responses: { 200: json(messageResponseSchema, "Disconnected") },
  }),
  status: doc({
    summary: "Whether the user's Google Calendar is connected",
    tag,
    responses: { 200: json(googleStatusSchema, "The status") },
  }),
};

/** /api/auth/google/disconnect, signed in only: revokes the grant at Google and clears the stored tokens. */
const disconnectRoutes = new Hono<AppEnv>().use(requireUser).post("/", docs.disconnect, async (c) => {
  const db = c.get("db");
  const user = await findUserById(db, currentUserId(c));
  const config = googleConfig(c.env);
  if (user && config) await revokeGrant(c.env, config, user);
  await clearGrant(db, currentUserId(c), null);
  // The profile copies go too; the sign-in link (google_sub) stays so "Sign in with Google" still works.
  await db
    .update(users)
    .set({ googleProfileEmail: null, googleProfileName: null, googleProfilePicture: null })
    .where(eq(users.id, currentUserId(c)));
  if (user?.googleConnected)
    await queueEmail(c.env, {
      kind: "activity",
      userId: user.id,
      event: "google-disconnected",
      at: new Date().toISOString(),
    });
  return c.json({ message: "Google account disconnected" });
});

/**
 * /api/auth/google: the browser's OAuth flow, open to anyone (sign-in starts here); disconnecting is mounted
 * below it, signed in only.
 */
export const googleOAuthRoutes = new Hono<AppEnv>()
  /** Starts sign-in (intent login/signup) or connection (connect, drive) with a full-page redirect to Google. */
  .get("/", docs.start, validate("query", googleStartQuerySchema), async (c) => {
    const config = googleConfig(c.env);
    if (!config) return c.redirect(HELP_NOT_CONFIGURED, 302);
    const origin = new URL(c.req.url).origin;
    const userId = c.get("userId");
    const { intent: asked, returnToUrl: rawReturn } = c.req.valid("query");
    const intent: Intent = asked ?? (userId ? "connect" : "signup");
    const returnTo = safeReturnPath(rawReturn, origin);
    if (rawReturn && !returnTo) return c.redirect(withError(failurePath(intent, null), "google_auth_failed"), 302);
    if ((intent === "connect" || intent === "drive") && !userId)
      return c.redirect(withError("/login", "google_auth_failed"), 302);

    const pending = await beginAuthRequest(c, c.get("db"), {
      intent,
      userId: intent === "connect" || intent === "drive" ? userId : null,
      returnTo: returnTo ?? "",
    });
    const url = oauthClient(config, origin).createAuthorizationURLWithPKCE(
      config.authUrl,
      pending.state,
      CodeChallengeMethod.S256,
      pending.codeVerifier,
      scopesFor(intent),
    );
    url.searchParams.set("nonce", pending.nonce);
    // Incremental authorization: Google adds the new scopes to those already granted.
    url.searchParams.set("include_granted_scopes", "true");
    if (intent === "connect" || intent === "drive") {
      // A refresh token only for the calendar; `consent` makes Google send one even on a repeat connection.
      url.searchParams.set("access_type", "offline");
      url.searchParams.set("prompt", "consent");
    } else {
      url.searchParams.set("prompt", "select_account");
    }
    return c.redirect(url.toString(), 302);
  })
  .get("/callback", docs.callback, async (c) => {
    const config = googleConfig(c.env);
    if (!config) return c.redirect(HELP_NOT_CONFIGURED, 302);
    const db = c.get("db");
    const origin = new URL(c.req.url).origin;
    const pending = await takeAuthRequest(c, db);
    const fail = (code: string, req: AuthRequest | null = pending) =>
      c.redirect(withError(req ? failurePath(req.intent, req.returnTo || null) : "/login", code), 302);

    if (!pending) return fail("google_auth_failed");
    const googleError = c.req.query("error");
    if (googleError) return fail(googleError === "redirect_uri_mismatch" ? googleError : "google_auth_failed");
    // Constant-length random values; a mismatch means the callback was not the one this browser started.
    if (c.req.query("state") !== pending.state) return fail("google_auth_failed");
    const code = c.req.query("code");
    if (!code) return fail("invalid_code");

    try {
      let tokens: OAuth2Tokens;
      try {
        tokens = await oauthClient(config, origin).validateAuthorizationCode(
          config.tokenUrl,
          code,
          pending.codeVerifier,
        );
      } catch (err) {
        throw exchangeError(err);
      }
      let idToken: string;
      try {
        idToken = tokens.idToken();
      } catch {
        throw new GoogleFlowError("user_info_failed");
      }
      const identity = await verifyIdToken(config, idToken, pending.nonce).catch((err) => {
        console.warn(JSON.stringify({ level: "warn", msg: "Google ID token refused", error: String(err) }));
        throw new GoogleFlowError("google_auth_failed");
      });
      // An unverified address proves nothing about who owns it: it never creates or opens an account.
      if (!identity.email || !identity.emailVerified) throw new GoogleFlowError("missing_email");

      if (pending.intent === "login" || pending.intent === "signup") {
        const user =
          pending.intent === "login" ? await signInWithGoogle(db, identity) : await signUpWithGoogle(db, identity);
        const session = await createSession(db, user.id, c.req.header("User-Agent") ?? null);
        writeSessionCookie(c, session.token, session.expiresAt);
        return c.redirect(pending.returnTo || "/dashboard", 302);
      }

      // Connecting: the browser must still be signed in to the account that started it.
      if (!pending.userId || c.get("userId") !== pending.userId) throw new GoogleFlowError("google_auth_failed");
      const user = await linkGoogle(db, pending.userId, identity);
      const scopes = tokens.hasScopes() ? tokens.scopes() : scopesFor(pending.intent);
      if (!scopes.includes(SCOPES.calendar)) {
        // Google's granular consent lets the user untick the calendar; there is nothing to connect then.
        await clearGrant(db, user.id, "Google did not grant calendar access. Connect again and allow it.");
        throw new GoogleFlowError("google_auth_failed");
      }
      await storeTokens(c.env, db, user, tokens, scopes);
      if (!user.googleConnected)
        await queueEmail(c.env, {
          kind: "activity",
          userId: user.id,
          event: "google-connected",
          detail: identity.email,
          at: new Date().toISOString(),
        });
      return c.redirect(pending.returnTo || "/integrations", 302);
    } catch (err) {
      if (err instanceof GoogleFlowError) return fail(err.code);
      throw err;
    }
  })
  .route("/disconnect", disconnectRoutes);

/** /api/google: the connection's state, signed in only. */
export const googleStatusRoutes = new Hono<AppEnv>().use(requireUser).get("/status", docs.status, async (c) => {
  const user = await findUserById(c.get("db"), currentUserId(c));
  const connected = Boolean(user?.googleConnected && grantedScopes(user).has(SCOPES.calendar));
  const body: GoogleStatus = {
    connected,
    profile: connected ? { email: user?.googleProfileEmail ?? null } : null,
    message: connected ? null : (user?.googleStatusMessage ?? null),
  };
  return c.json(body);
});

import { env } from "cloudflare:test";
import { googleStatusSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { atGoogle, begin, callback, control, dbRow, googleFlow, uniqueEmail } from "../../test/google";
import { api, readJson, sessionCookie } from "../../test/http";
import { createApp } from "../app";

const me = async (cookie: string) =>
  (await api("/api/user", { cookie })).json() as Promise<{ id: string; username: string; email: string }>;

describe("sign-up and sign-in with Google", () => {
  it("creates an account on sign-up, lands on /dashboard, and signs the same account in again", async () => {
    const email = uniqueEmail("ada.lovelace");
    const signup = await googleFlow("signup", email);
    expect(signup.location).toBe("/dashboard");
    expect(signup.session).not.toBe("");
    const user = await me(signup.session);
    expect(user.email).toBe(email);
    expect(user.username).toMatch(/^ada\.lovelace\.\d+$/);

    const login = await googleFlow("login", email, { returnToUrl: "/transcriptions?x=1" });
    expect(login.location).toBe("/transcriptions?x=1");
    expect((await me(login.session)).id).toBe(user.id);
  });

  it("derives a username that follows the username rules and is unique by look-alike key", async () => {
    const stamp = Date.now().toString(36);
    const taken = `adrnin${stamp}`;
    const reg = await api("/api/register", {
      method: "POST",
      json: { username: taken, email: `${taken}@example.com`, password: "a-long-unusual-password-1" },
    });
    expect(reg.status).toBe(201);
    // "admin…" looks like the taken "adrnin…", so the next free name is used.
    const lookalike = await googleFlow("signup", `admin${stamp}@example.com`);
    expect((await me(lookalike.session)).username).toBe(`admin${stamp}2`);
    // Plus-addressing, a leading dot and accents fold into the allowed characters; never an "@".
    const odd = await googleFlow("signup", `.Zoë+cal${stamp}@example.com`);
    const name = (await me(odd.session)).username;
    expect(name).toMatch(/^[a-z0-9][a-z0-9._-]{2,63}$/);
    expect(name).toBe(`zoecal${stamp}`);
  });

  it("asks Google for openid email profile only, with PKCE S256, state and nonce", async () => {
    const { location, authCookie, res } = await begin({ intent: "login" });
    expect(res.status).toBe(302);
    const url = new URL(location);
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")?.length).toBeGreaterThan(30);
    expect(url.searchParams.get("nonce")?.length).toBeGreaterThan(30);
    expect(url.searchParams.get("access_type")).toBeNull();
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost/api/auth/google/callback");
    const setCookie = res.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Max-Age=600/);
    expect(authCookie).toMatch(/^verbatim_google_auth=/);
  });

  it("login with a Google account that has no Verbatim account → no_matching_account", async () => {
    const flow = await googleFlow("login", uniqueEmail("nobody"));
    expect(flow.location).toBe("/login?error=no_matching_account");
    expect(flow.session).toBe("");
  });

  it("never takes over an account that proved its e-mail (account_exists, no session)", async () => {
    const email = uniqueEmail("pw");
    const reg = await api("/api/register", {
      method: "POST",
      json: { username: `pw${Date.now()}`, email, password: "correct horse" },
    });
    expect(reg.status).toBe(201);
    const { id } = (await reg.json()) as { id: string };
    await dbRow("UPDATE users SET email_verified_at = CURRENT_TIMESTAMP WHERE id = ?", id);
    const flow = await googleFlow("signup", email);
    expect(flow.location).toBe("/register?error=account_exists");
    expect(flow.session).toBe("");
  });

  it("never lets an address only claimed by another account keep its proven owner out", async () => {
    const victim = uniqueEmail("victim");
    // Someone claims the victim's address: at sign-up here, by a profile change below.
    const squatter = await api("/api/register", {
      method: "POST",
      json: { username: `squat${Date.now()}`, email: victim, password: "a-long-unusual-password-1" },
    });
    expect(squatter.status).toBe(201);
    const squatterUser = (await squatter.json()) as { id: string; username: string };
    const flow = await googleFlow("signup", victim);
    expect(flow.location).toBe("/dashboard");
    const owner = await me(flow.session);
    expect(owner.email).toBe(victim);
    expect(owner.id).not.toBe(squatterUser.id);
    expect(await dbRow("SELECT email_verified_at IS NOT NULL AS proven FROM users WHERE id = ?", owner.id)).toEqual({
      proven: 1,
    });
    // The other account keeps its password and its work, and only loses the address it could not prove.
    const back = await api("/api/login", {
      method: "POST",
      json: { username: squatterUser.username, password: "a-long-unusual-password-1" },
    });
    expect(back.status).toBe(200);
    expect(((await back.json()) as { email: string }).email).toBe(`${squatterUser.id}@released.invalid`);

    // A profile change claims an address without proving it, and a proven one cannot be claimed at all.
    const other = uniqueEmail("victim2");
    const cookie = sessionCookie(back);
    const claim = (address: string) =>
      api("/api/user/profile", { method: "PUT", cookie, json: { full_name: "Squat", email: address } });
    expect((await claim(victim)).status).toBe(409);
    expect((await claim(other)).status).toBe(200);
    expect((await googleFlow("signup", other)).location).toBe("/dashboard");
  });

  it("a connected Google account with the same address proves it", async () => {
    const email = uniqueEmail("connects");
    const reg = await api("/api/register", {
      method: "POST",
      json: { username: `conn${Date.now()}`, email, password: "a-long-unusual-password-1" },
    });
    const { id } = (await reg.json()) as { id: string };
    const cookie = sessionCookie(reg);
    expect((await googleFlow("connect", email, { cookie })).location).not.toMatch(/error=/);
    expect(await dbRow("SELECT email_verified_at IS NOT NULL AS proven FROM users WHERE id = ?", id)).toEqual({
      proven: 1,
    });
  });
});

describe("attacks end in the spec's error and no session", () => {
  const email = () => uniqueEmail("victim");

  it("wrong state", async () => {
    const start = await begin({ intent: "signup" });
    const back = (await atGoogle(start.location, email())).replace(/state=[^&]+/, "state=forged");
    const flow = await callback(back, start.authCookie);
    expect(flow.location).toBe("/register?error=google_auth_failed");
    expect(flow.session).toBe("");
  });

  it("missing state", async () => {
    const start = await begin({ intent: "signup" });
    const back = (await atGoogle(start.location, email())).replace(/&?state=[^&]+/, "");
    const flow = await callback(back, start.authCookie);
    expect(flow.location).toBe("/register?error=google_auth_failed");
    expect(flow.session).toBe("");
  });

  it("a callback without the browser's cookie (login CSRF / another browser)", async () => {
    const start = await begin({ intent: "signup" });
    const back = await atGoogle(start.location, email());
    const flow = await callback(back, "");
    expect(flow.location).toBe("/login?error=google_auth_failed");
    expect(flow.session).toBe("");
  });

  it("a replayed callback (same code, same cookie)", async () => {
    const start = await begin({ intent: "signup" });
    const back = await atGoogle(start.location, email());
    expect((await callback(back, start.authCookie)).session).not.toBe("");
    const replay = await callback(back, start.authCookie);
    expect(replay.location).toBe("/login?error=google_auth_failed");
    expect(replay.session).toBe("");
  });

  it("a code replayed into another browser's flow is refused by the token endpoint (invalid_code)", async () => {
    const first = await begin({ intent: "signup" });
    const back = await atGoogle(first.location, email());
    expect((await callback(back, first.authCookie)).session).not.toBe("");
    const second = await begin({ intent: "signup" });
    const state = new URL(second.location).searchParams.get("state") as string;
    const code = new URL(back, "http://x").searchParams.get("code") as string;
    const flow = await callback(`/api/auth/google/callback?code=${code}&state=${state}`, second.authCookie);
    expect(flow.location).toBe("/register?error=invalid_code");
    expect(flow.session).toBe("");
  });

  it("a wrong PKCE verifier (the code was issued for another challenge)", async () => {
    // The attacker's own authorization (their challenge), completed in the victim's flow (their verifier).
    const attacker = await begin({ intent: "signup" });
    const attackerBack = await atGoogle(attacker.location, email());
    const victim = await begin({ intent: "signup" });
    const code = new URL(attackerBack, "http://x").searchParams.get("code") as string;
    const state = new URL(victim.location).searchParams.get("state") as string;
    const flow = await callback(`/api/auth/google/callback?code=${code}&state=${state}`, victim.authCookie);
    expect(flow.location).toBe("/register?error=invalid_code");
    expect(flow.session).toBe("");
  });

  it("a missing PKCE verifier (authorization started without a challenge)", async () => {
    const victim = await begin({ intent: "signup" });
    const url = new URL(victim.location);
    url.searchParams.delete("code_challenge");
    url.searchParams.delete("code_challenge_method");
    const back = await atGoogle(url.toString(), email());
    const flow = await callback(back, victim.authCookie);
    expect(flow.location).toBe("/register?error=invalid_code");
    expect(flow.session).toBe("");
  });

  it.each([
    ["a bad signature", { tamperSignature: true }, "google_auth_failed"],
    ["a wrong audience", { claims: { aud: "someone-else.apps.googleusercontent.com" } }, "google_auth_failed"],
    ["a wrong issuer", { claims: { iss: "https://accounts.evil.example" } }, "google_auth_failed"],
    [
      "an expired ID token",
      { claims: { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 } },
      "google_auth_failed",
    ],
    ["a wrong nonce", { claims: { nonce: "replayed-nonce" } }, "google_auth_failed"],
    ["email_verified=false", { claims: { email_verified: false } }, "missing_email"],
    ["no e-mail", { claims: { email: null } }, "missing_email"],
    ["no ID token", { omitIdToken: true }, "user_info_failed"],
    ["a token endpoint failure", { error: "server_error", status: 500 }, "token_exchange_failed"],
    ["redirect_uri_mismatch", { error: "redirect_uri_mismatch", status: 400 }, "redirect_uri_mismatch"],
  ])("%s → %s", async (_name, override, code) => {
    const start = await begin({ intent: "signup" });
    const back = await atGoogle(start.location, email());
    await control("next-token", override);
    const flow = await callback(back, start.authCookie);
    expect(flow.location).toBe(`/register?error=${code}`);
    expect(flow.session).toBe("");
  });

  it.each([
    "https://evil.example/steal",
    "//evil.example/x",
    "/\\evil.example",
    "javascript:alert(1)",
    // Paths the URL parser normalises to "//evil.example/…", a protocol-relative redirect.
    "/.//evil.example/phish",
    "/..//evil.com",
    "/a/..//evil.example",
    "/%2e%2e//evil.example",
  ])("returnToUrl %s is refused before anything starts", async (returnToUrl) => {
    const start = await begin({ intent: "login", returnToUrl });
    expect(start.res.status).toBe(302);
    expect(start.location).toBe("/login?error=google_auth_failed");
    expect(start.authCookie).toBe("");
  });

  it("an unknown intent is refused with 400 before anything starts", async () => {
    const start = await begin({ intent: "admin" });
    expect(start.res.status).toBe(400);
    expect(start.authCookie).toBe("");
  });

  it("Google's own error (the user said no) → google_auth_failed", async () => {
    const start = await begin({ intent: "signup" });
    const state = new URL(start.location).searchParams.get("state") as string;
    const flow = await callback(`/api/auth/google/callback?error=access_denied&state=${state}`, start.authCookie);
    expect(flow.location).toBe("/register?error=google_auth_failed");
    expect(flow.session).toBe("");
  });
});

describe("connecting the calendar", () => {
  it("needs a signed-in user, asks for calendar.events offline, stores the tokens encrypted", async () => {
    const email = uniqueEmail("connect");
    const signup = await googleFlow("signup", email);
    expect(
      await readJson(await api("/api/google/status", { cookie: signup.session }), googleStatusSchema),
    ).toMatchObject({ connected: false });

    const start = await begin({ intent: "connect", returnToUrl: "/settings" }, signup.session);
    const url = new URL(start.location);
    expect(url.searchParams.get("scope")).toBe("openid email profile https://www.googleapis.com/auth/calendar.events");
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("include_granted_scopes")).toBe("true");
    const back = await atGoogle(start.location, email);
    const flow = await callback(back, `${start.authCookie}; ${signup.session}`);
    expect(flow.location).toBe("/settings");

    const status = await (await api("/api/google/status", { cookie: signup.session })).json();
    expect(status).toEqual({ connected: true, profile: { email }, message: null });

    const user = await me(signup.session);
    const row = await dbRow("SELECT * FROM users WHERE id = ?", user.id);
    expect(row?.google_access_token).toMatch(/^v1\./);
    expect(row?.google_refresh_token).toMatch(/^v1\./);
    expect(row?.google_token_key_id).toBe("test1");
    // The plaintext tokens (JWT access token, UUID refresh token) appear nowhere in the row.
    const text = JSON.stringify(row);
    expect(text).not.toMatch(/eyJ[\w-]+\.eyJ/);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}(?!.*@)/);
  });

  it("refuses to connect when signed out", async () => {
    const start = await begin({ intent: "connect" });
    expect(start.location).toBe("/login?error=google_auth_failed");
  });

  it("disconnect revokes at Google and clears every google_* token column", async () => {
    const email = uniqueEmail("disc");
    const signup = await googleFlow("signup", email);
    const connect = await googleFlow("connect", email, { cookie: signup.session });
    expect(connect.location).toBe("/integrations");
    const user = await me(signup.session);
    expect((await dbRow("SELECT google_connected FROM users WHERE id = ?", user.id))?.google_connected).toBe(1);
    const res = await api("/api/auth/google/disconnect", { method: "POST", cookie: signup.session });
    expect(res.status).toBe(200);
    const row = await dbRow("SELECT * FROM users WHERE id = ?", user.id);
    for (const col of [
      "google_access_token",
      "google_refresh_token",
      "google_token_expiry",
      "google_profile_email",
      "google_profile_name",
      "google_profile_picture",
      "google_scopes",
      "google_token_key_id",
    ])
      expect(row?.[col], col).toBeNull();
    expect(row?.google_connected).toBe(0);
    const log = (await (await fetch(`${(await import("../../test/google")).googleOrigin()}/__control/log`)).json()) as {
      revoked: string[];
    };
    expect(log.revoked.length).toBeGreaterThan(0);
    expect(await (await api("/api/google/status", { cookie: signup.session })).json()).toMatchObject({
      connected: false,
    });
    // Signing in with Google still works after disconnecting the calendar.
    expect((await googleFlow("login", email)).session).not.toBe("");
  });
});

describe("without Google credentials", () => {
  it("sends the buttons to the help page and says so on /api/server-url; nothing 404s", async () => {
    const bare = { ...env, GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined };
    const app = createApp();
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const start = await app.fetch(new Request("http://localhost/api/auth/google"), bare, ctx);
    expect(start.status).toBe(302);
    expect(start.headers.get("Location")).toBe("/google-oauth-help?error=not_configured");
    const cb = await app.fetch(new Request("http://localhost/api/auth/google/callback?code=x&state=y"), bare, ctx);
    expect(cb.status).toBe(302);
    const info = await (await app.fetch(new Request("http://localhost/api/server-url"), bare, ctx)).json();
    expect(info).toMatchObject({ googleConfigured: false, redirectUri: "http://localhost/api/auth/google/callback" });
    const configured = await (await api("/api/server-url")).json();
    expect(configured).toMatchObject({ googleConfigured: true });
  });
});

import { env } from "cloudflare:test";
import { apiErrorSchema, messageResponseSchema, publicUserSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, apiWithEnv, errorMessage, readJson, sessionCookie, signUp, uniqueIp } from "../../test/http";
import { linkIn, waitForMail } from "../../test/mailpit";

const forgot = (email: string, ip = uniqueIp()) =>
  api("/api/password/forgot", { method: "POST", json: { email }, headers: { "CF-Connecting-IP": ip } });
const reset = (token: string, password: string) =>
  api("/api/password/reset", { method: "POST", json: { token, password } });
const login = (username: string, password: string) =>
  api("/api/login", { method: "POST", json: { username, password }, headers: { "CF-Connecting-IP": uniqueIp() } });
const tokenCount = async (userId: string) =>
  Number(
    (
      await env.DB.prepare("SELECT count(*) AS n FROM email_tokens WHERE user_id = ? AND purpose = 'reset'")
        .bind(userId)
        .first()
    )?.n,
  );

/** Asks for a reset link for a new account and reads it from Mailpit. */
async function askForLink() {
  const account = await signUp();
  const res = await forgot(account.user.email.toUpperCase());
  expect(res.status).toBe(202);
  const mail = await waitForMail(account.user.email, { subject: /Reset your Verbatim password/ });
  return { ...account, mail, token: linkIn(mail, "/reset-password").searchParams.get("token") ?? "" };
}

describe("the forgotten password", () => {
  it("e-mails a link; resetting signs in, ends every other session, and uses the link up", async () => {
    const { user, cookie, mail, token } = await askForLink();
    expect(mail.Text).toContain(`Someone asked to reset the password of your Verbatim account ${user.username}`);
    expect(mail.HTML).toContain('href="http://localhost/reset-password?token=');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = sessionCookie(await login(user.username, "correct horse"));
    expect((await api("/api/user", { cookie: other })).status).toBe(200);

    const res = await reset(token, "a brand new secret");
    expect(res.status).toBe(200);
    expect((await readJson(res, publicUserSchema)).id).toBe(user.id);
    const fresh = sessionCookie(res);
    expect((await api("/api/user", { cookie: fresh })).status).toBe(200);
    // Every session from before is gone: the sign-up's and the other browser's.
    expect((await api("/api/user", { cookie })).status).toBe(401);
    expect((await api("/api/user", { cookie: other })).status).toBe(401);
    expect((await login(user.username, "correct horse")).status).toBe(401);
    expect((await login(user.username, "a brand new secret")).status).toBe(200);
    // Once only.
    const again = await reset(token, "another new secret");
    expect(again.status).toBe(400);
    expect(await errorMessage(again)).toMatch(/invalid or has expired/);
    // The link came to the address, which proves it; the owner hears of the change (always sent).
    expect((await readJson(await api("/api/user", { cookie: fresh }), publicUserSchema)).email_verified).toBe(true);
    const notice = await waitForMail(user.email, { subject: /Your Verbatim password was changed/ });
    expect(notice.Text).toContain("whatever your notification settings");
  });

  it("answers the same, with the same work, whether or not an account uses the address", async () => {
    const { user } = await signUp();
    const known = await forgot(user.email);
    const unknown = await forgot(`nobody-${Date.now()}@example.com`);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    expect(known.status).toBe(202);
    expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort());
  });

  it("refuses tampered, expired and other-purpose tokens; a link lasts one hour", async () => {
    const { user, token } = await askForLink();
    const row = await env.DB.prepare("SELECT expires_at FROM email_tokens WHERE user_id = ? AND purpose = 'reset'")
      .bind(user.id)
      .first();
    const minutes = (Number(row?.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect((await reset(tampered, "a brand new secret")).status).toBe(400);
    // A confirmation token is no reset token.
    const verify = await waitForMail(user.email, { subject: /Confirm your e-mail address/ });
    const verifyToken = linkIn(verify, "/verify-email").searchParams.get("token") ?? "";
    expect((await reset(verifyToken, "a brand new secret")).status).toBe(400);
    await env.DB.prepare("UPDATE email_tokens SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, user.id)
      .run();
    expect((await reset(token, "a brand new secret")).status).toBe(400);
    expect((await login(user.username, "correct horse")).status).toBe(200);
  });

  it("a refused new password leaves the link usable", async () => {
    const { user, token } = await askForLink();
    const weak = await reset(token, "password");
    expect(weak.status).toBe(400);
    expect((await readJson(weak, apiErrorSchema)).message).toMatch(/too common/);
    const personal = await reset(token, user.username);
    expect(personal.status).toBe(400);
    expect((await reset(token, "a brand new secret")).status).toBe(200);
  });

  it("an address gets at most three links an hour, quietly; earlier links still work", async () => {
    const { user } = await signUp();
    for (let i = 0; i < 5; i++) {
      const res = await forgot(user.email);
      expect(res.status).toBe(202);
      expect((await readJson(res, messageResponseSchema)).message).toMatch(/If an account uses this address/);
    }
    expect(await tokenCount(user.id)).toBe(3);
    const mail = await waitForMail(user.email, { subject: /Reset your Verbatim password/, count: 3 });
    expect(
      (await reset(linkIn(mail, "/reset-password").searchParams.get("token") ?? "", "a brand new secret")).status,
    ).toBe(200);
  });

  it("one client asking for many addresses is refused with 429", async () => {
    const ip = uniqueIp();
    const ask = (n: number) =>
      apiWithEnv({ PASSWORD_RESETS_PER_IP_PER_HOUR: "2" }, "/api/password/forgot", {
        method: "POST",
        json: { email: `someone${n}-${Date.now()}@example.com` },
        headers: { "CF-Connecting-IP": ip },
      });
    expect((await ask(1)).status).toBe(202);
    expect((await ask(2)).status).toBe(202);
    const refused = await ask(3);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBeTruthy();
  });

  it("an account locked by wrong guesses is opened again by a reset", async () => {
    const { user, token } = await askForLink();
    for (let i = 0; i < 10; i++) await login(user.username, "wrong guess!");
    expect((await login(user.username, "correct horse")).status).toBe(429);
    expect((await reset(token, "a brand new secret")).status).toBe(200);
    expect((await login(user.username, "a brand new secret")).status).toBe(200);
  });
});

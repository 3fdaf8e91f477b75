import { env } from "cloudflare:test";
import { messageResponseSchema, publicUserSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, errorMessage, readJson, signUp } from "../../test/http";
import { linkIn, mailsTo, waitForMail } from "../../test/mailpit";

const verify = (token: string) => api("/api/email/verify", { method: "POST", json: { token } });
const me = async (cookie: string) => readJson(await api("/api/user", { cookie }), publicUserSchema);

/** Sign-up, and the confirmation e-mail it sent, read from Mailpit. */
async function signUpAndRead() {
  const account = await signUp();
  const mail = await waitForMail(account.user.email, { subject: /Confirm your e-mail address/ });
  return { ...account, mail, token: linkIn(mail, "/verify-email").searchParams.get("token") ?? "" };
}

describe("confirming the address", () => {
  it("sign-up e-mails a link, in HTML and plain text, that confirms the address once", async () => {
    const { user, cookie, mail, token } = await signUpAndRead();
    expect(user.email_verified).toBe(false);
    expect(mail.To.map((t) => t.Address)).toEqual([user.email]);
    expect(mail.From.Address).toBe("verbatim@localhost");
    expect(mail.Text).toContain(`Please confirm that ${user.email} is the address of your Verbatim account`);
    expect(mail.HTML).toContain('href="http://localhost/verify-email?token=');
    expect(mail.HTML).toContain("Confirm my address");
    expect(mail.headers["Content-Type"]?.[0]).toMatch(/^multipart\/alternative/);
    // 256 random bits, base64url; only its hash is stored.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await env.DB.prepare("SELECT token_hash FROM email_tokens WHERE user_id = ?").bind(user.id).all();
    expect(stored.results.map((r) => r.token_hash)).not.toContain(token);

    const res = await verify(token);
    expect(res.status).toBe(200);
    expect((await readJson(res, messageResponseSchema)).message).toBe("Your e-mail address is confirmed.");
    expect((await me(cookie)).email_verified).toBe(true);
    // Used once: the same link again is refused.
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(await errorMessage(again)).toMatch(/invalid or has expired/);
  });

  it("refuses a tampered, an unknown and an expired token", async () => {
    const { cookie, token, user } = await signUpAndRead();
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect((await verify(tampered)).status).toBe(400);
    expect((await verify("x".repeat(43))).status).toBe(400);
    await env.DB.prepare("UPDATE email_tokens SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, user.id)
      .run();
    expect((await verify(token)).status).toBe(400);
    expect((await me(cookie)).email_verified).toBe(false);
  });

  it("a link lasts 24 hours", async () => {
    const { user } = await signUpAndRead();
    const row = await env.DB.prepare("SELECT expires_at FROM email_tokens WHERE user_id = ?").bind(user.id).first();
    const hours = (Number(row?.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it("Resend sends a new link, and says so once the address is confirmed", async () => {
    const { user, cookie, token } = await signUpAndRead();
    const resend = await api("/api/email/verification", { method: "POST", cookie });
    expect(resend.status).toBe(202);
    const second = await waitForMail(user.email, { subject: /Confirm your e-mail address/, count: 2 });
    const newToken = linkIn(second, "/verify-email").searchParams.get("token") ?? "";
    expect(newToken).not.toBe(token);
    expect((await verify(newToken)).status).toBe(200);
    // Confirmed: the other links are void, and Resend sends nothing.
    expect((await verify(token)).status).toBe(400);
    const done = await api("/api/email/verification", { method: "POST", cookie });
    expect(done.status).toBe(200);
    expect((await readJson(done, messageResponseSchema)).message).toBe("Your e-mail address is already confirmed.");
    expect((await api("/api/email/verification", { method: "POST" })).status).toBe(401);
  });

  it("Resend is limited per account", async () => {
    const { cookie } = await signUpAndRead();
    for (let i = 0; i < 5; i++)
      expect((await api("/api/email/verification", { method: "POST", cookie })).status).toBe(202);
    const res = await api("/api/email/verification", { method: "POST", cookie });
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBeTruthy();
  });

  it("the e-mail is in the user's interface language", async () => {
    const { user, cookie } = await signUp();
    await api("/api/user/preferences", { method: "PUT", cookie, json: { general: { language: "de" } } });
    await api("/api/email/verification", { method: "POST", cookie });
    const mail = await waitForMail(user.email, { subject: /Bestätigen Sie Ihre E-Mail-Adresse/ });
    expect(mail.Text).toContain("Adresse bestätigen");
    expect(mail.HTML).toContain('<html lang="de">');
    // The sign-up's own e-mail goes through the queue too, and under load may arrive after this one.
    await waitForMail(user.email, { count: 2 });
    expect(await mailsTo(user.email)).toHaveLength(2);
  });
});

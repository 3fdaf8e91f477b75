import { env } from "cloudflare:test";
import { messageResponseSchema, preferencesSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { googleFlow, uniqueEmail } from "../../test/google";
import { api, readJson, signUp, uniqueIp } from "../../test/http";
import { db } from "../../test/library";
import { linkIn, mailsTo, waitForMail } from "../../test/mailpit";
import { seedTranscription } from "../../test/transcriptions";
import { failTranscription } from "../jobs";
import type { EmailJob } from "../rules/email-jobs";
import { deliverEmail, forgetStaleHeldEmails, publishAnnouncements } from ".";

// Each switch of Settings › Notifications, on and off: the e-mail comes (read from Mailpit) or is not sent at all.

const setSwitches = (cookie: string, notifications: Record<string, boolean>) =>
  api("/api/user/preferences", { method: "PUT", cookie, json: { notifications } });

/** A signed-up user whose address is confirmed (the confirmation itself: auth/verify-email.test.ts). */
async function verifiedUser() {
  const account = await signUp();
  await env.DB.prepare("UPDATE users SET email_verified_at = ? WHERE id = ?")
    .bind(new Date().toISOString(), account.user.id)
    .run();
  return account;
}

const deliver = (job: EmailJob) => deliverEmail(env, db(), job);
const segments = [{ start: 0, end: 2, text: "Hello there." }];

describe("Transcription complete or failed", () => {
  it("on: a finished run e-mails the file name, the status and a link to the transcript", async () => {
    const { user, cookie } = await verifiedUser();
    const id = await seedTranscription(user.id, "Board meeting", segments);
    await env.DB.prepare("UPDATE transcriptions SET text = 'Hello there.' WHERE id = ?").bind(id).run();
    // Running the analysis again is a real job run (the analyze job) that ends COMPLETED.
    expect((await api(`/api/transcriptions/${id}/analyze`, { method: "POST", cookie })).status).toBe(200);
    const mail = await waitForMail(user.email, { subject: /Your transcript of “Board meeting” is ready/ });
    expect(mail.Text).toContain("“Board meeting” is transcribed.");
    expect(mail.Text).toContain("Status: Completed");
    expect(linkIn(mail, "/transcription/").pathname).toBe(`/transcription/${id}`);
    expect(mail.HTML).toContain("Open the transcript");
    expect(mail.Text).toContain("“Transcription complete or failed” is on");
  });

  it("on: a failed run e-mails the reason and Try again", async () => {
    const { user } = await verifiedUser();
    const id = await seedTranscription(user.id, "Standup", segments);
    await env.DB.prepare("UPDATE transcriptions SET status = 'PROCESSING' WHERE id = ?").bind(id).run();
    await failTranscription(env, db(), id, "The recording has no sound.");
    // A second failure of the same run (another chunk) tells no one again.
    await failTranscription(env, db(), id, "Another chunk failed.");
    const mail = await waitForMail(user.email, { subject: /“Standup” could not be transcribed/ });
    expect((await mailsTo(user.email)).filter((m) => /Standup/.test(m.Subject))).toHaveLength(1);
    expect(mail.Text).toContain("Status: Failed");
    // The reason is the transcription's when the e-mail goes.
    expect(mail.Text).toMatch(/Reason: (The recording has no sound|Another chunk failed)\./);
    expect(mail.Text).toMatch(new RegExp(`Try again: http://localhost/transcription/${id}`));
  });

  it("off: nothing is sent", async () => {
    const { user, cookie } = await verifiedUser();
    await setSwitches(cookie, { emailTranscriptionComplete: false });
    const id = await seedTranscription(user.id, "Quiet", segments);
    expect(await deliver({ kind: "transcription", userId: user.id, transcriptionId: id })).toBe("off");
    expect((await mailsTo(user.email)).filter((m) => /Quiet/.test(m.Subject))).toEqual([]);
  });

  it("waits while the address is unconfirmed, and goes once it is", async () => {
    const { user } = await signUp();
    const id = await seedTranscription(user.id, "Held back", segments);
    expect(await deliver({ kind: "transcription", userId: user.id, transcriptionId: id })).toBe("held");
    const confirm = await waitForMail(user.email, { subject: /Confirm your e-mail address/ });
    const token = linkIn(confirm, "/verify-email").searchParams.get("token");
    expect((await api("/api/email/verify", { method: "POST", json: { token } })).status).toBe(200);
    await waitForMail(user.email, { subject: /“Held back” is ready/ });
    const held = await env.DB.prepare("SELECT count(*) AS n FROM held_emails WHERE user_id = ?").bind(user.id).first();
    expect(held?.n).toBe(0);
  });

  it("held e-mails are forgotten after 30 days (the hourly cron)", async () => {
    const { user } = await signUp();
    const id = await seedTranscription(user.id, "Long ago", segments);
    expect(await deliver({ kind: "transcription", userId: user.id, transcriptionId: id })).toBe("held");
    expect(await deliver({ kind: "transcription", userId: user.id, transcriptionId: id })).toBe("held");
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString();
    await env.DB.prepare(
      "UPDATE held_emails SET created_at = ? WHERE id = (SELECT min(id) FROM held_emails WHERE user_id = ?)",
    )
      .bind(old, user.id)
      .run();
    await forgetStaleHeldEmails(db());
    const held = await env.DB.prepare("SELECT count(*) AS n FROM held_emails WHERE user_id = ?").bind(user.id).first();
    expect(held?.n).toBe(1);
  });
});

describe("Account activity", () => {
  const login = (username: string, deviceCookie?: string) =>
    api("/api/login", {
      method: "POST",
      json: { username, password: "correct horse" },
      headers: {
        "CF-Connecting-IP": uniqueIp(),
        "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Gecko/20100101 Firefox/140.0",
        ...(deviceCookie ? { Cookie: deviceCookie } : {}),
      },
    });
  const deviceOf = (res: Response) =>
    (res.headers as unknown as { getSetCookie(): string[] })
      .getSetCookie()
      .find((c) => c.startsWith("verbatim_device="))
      ?.split(";")[0];

  it("on: a sign-in from a new browser is told; the same browser again is not", async () => {
    const { user } = await verifiedUser();
    // The first sign-in after sign-up is no news; it makes this browser known.
    const first = await login(user.username);
    const known = deviceOf(first);
    expect(known).toBeTruthy();
    const again = await login(user.username, known);
    expect(again.status).toBe(200);
    expect((await login(user.username)).status).toBe(200); // another browser
    const mail = await waitForMail(user.email, { subject: /New sign-in to your Verbatim account/ });
    expect(mail.Text).toContain("(Firefox, Windows)");
    expect(mail.Text).toContain("“Account activity” is on");
    expect((await mailsTo(user.email)).filter((m) => /New sign-in/.test(m.Subject))).toHaveLength(1);
  });

  it("off: a new browser is not told, but a changed password always is", async () => {
    const { user, cookie } = await verifiedUser();
    await setSwitches(cookie, { emailAccountActivity: false });
    expect(
      await deliver({
        kind: "activity",
        userId: user.id,
        event: "new-device",
        detail: "Firefox",
        at: new Date().toISOString(),
      }),
    ).toBe("off");
    const res = await api("/api/user/password", {
      method: "PUT",
      cookie,
      json: { currentPassword: "correct horse", newPassword: "battery staple 2" },
    });
    expect(res.status).toBe(200);
    const mail = await waitForMail(user.email, { subject: /Your Verbatim password was changed/ });
    expect(mail.Text).toContain("whatever your notification settings");
  });

  it("a changed address: the new one gets a confirmation link, the old one is told", async () => {
    const { user, cookie } = await verifiedUser();
    const newEmail = uniqueEmail("moved");
    const res = await api("/api/user/profile", {
      method: "PUT",
      cookie,
      json: { full_name: "Moved Person", email: newEmail, company: "", job_title: "" },
    });
    expect(res.status).toBe(200);
    const told = await waitForMail(user.email, { subject: /e-mail address was changed/ });
    expect(told.Text).toContain(`was changed from ${user.email} to ${newEmail}`);
    const confirm = await waitForMail(newEmail, { subject: /Confirm your e-mail address/ });
    expect(confirm.Text).toContain("Hi Moved Person,");
    const token = linkIn(confirm, "/verify-email").searchParams.get("token");
    expect((await api("/api/email/verify", { method: "POST", json: { token } })).status).toBe(200);
  });

  it("Google connected and disconnected are told; with the switch off they are not", async () => {
    const email = uniqueEmail("gmail");
    const signup = await googleFlow("signup", email);
    expect((await googleFlow("connect", email, { cookie: signup.session })).location).toBe("/integrations");
    const connected = await waitForMail(email, { subject: /Google was connected/ });
    expect(connected.Text).toContain(`The Google account ${email} was connected`);
    expect((await api("/api/auth/google/disconnect", { method: "POST", cookie: signup.session })).status).toBe(200);
    await waitForMail(email, { subject: /Google was disconnected/ });

    await setSwitches(signup.session, { emailAccountActivity: false });
    const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>();
    const at = new Date().toISOString();
    expect(
      await deliver({ kind: "activity", userId: row?.id ?? "", event: "google-connected", detail: email, at }),
    ).toBe("off");
  });
});

describe("New features", () => {
  it("is off unless chosen: nothing is sent", async () => {
    const { user, cookie } = await verifiedUser();
    const prefs = await readJson(await api("/api/user/preferences", { cookie }), preferencesSchema);
    expect(prefs.notifications.emailNewFeatures).toBe(false);
    expect(await deliver({ kind: "feature", userId: user.id, announcement: "email-notifications" })).toBe("off");
  });

  it("on: the e-mail carries one-click unsubscribe (RFC 8058), which works by POST without a session", async () => {
    const { user, cookie } = await verifiedUser();
    await setSwitches(cookie, { emailNewFeatures: true });
    expect(await deliver({ kind: "feature", userId: user.id, announcement: "email-notifications" })).toBe("sent");
    const mail = await waitForMail(user.email, { subject: /New in Verbatim/ });
    expect(mail.headers["List-Unsubscribe-Post"]).toEqual(["List-Unsubscribe=One-Click"]);
    const header = mail.headers["List-Unsubscribe"]?.[0] ?? "";
    expect(header).toMatch(/^<http:\/\/localhost\/api\/email\/unsubscribe\?token=[^>]+>$/);
    expect(mail.Text).toContain("Unsubscribe: http://localhost/unsubscribe?token=");
    const url = header.slice(1, -1);

    // A tampered token is refused.
    const bad = await api(
      url.replace(/.(?=$)/, (c) => (c === "A" ? "B" : "A")),
      {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "" },
      },
    );
    expect(bad.status).toBe(400);
    // The mail provider's POST: no cookie, no Origin, the RFC's body.
    const res = await api(url, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "" },
    });
    expect(res.status).toBe(200);
    expect((await readJson(res, messageResponseSchema)).message).toMatch(/no more e-mails about new features/);
    const prefs = await readJson(await api("/api/user/preferences", { cookie }), preferencesSchema);
    expect(prefs.notifications.emailNewFeatures).toBe(false);
    expect(await deliver({ kind: "feature", userId: user.id, announcement: "email-notifications" })).toBe("off");
  });

  it("is never sent to an unconfirmed address", async () => {
    const { user, cookie } = await signUp();
    await setSwitches(cookie, { emailNewFeatures: true });
    expect(await deliver({ kind: "feature", userId: user.id, announcement: "email-notifications" })).toBe("dropped");
  });

  it("is sent by the hourly cron once an announcement's time has come: once, to those who chose it", async () => {
    const chose = await verifiedUser();
    await setSwitches(chose.cookie, { emailNewFeatures: true });
    const declined = await verifiedUser();
    const unconfirmed = await signUp();
    await setSwitches(unconfirmed.cookie, { emailNewFeatures: true });
    // Whatever an earlier test's cron did, this announcement is due again here.
    await env.DB.prepare("DELETE FROM announcements_sent WHERE id = ?").bind("email-notifications").run();

    const queued: unknown[] = [];
    const recorder = { sendBatch: async (batch: { body: unknown }[]) => void queued.push(...batch.map((m) => m.body)) };
    // Not due yet: nothing.
    await publishAnnouncements({ JOBS: recorder as never }, db(), Date.parse("2026-11-26T00:00:00.000Z"));
    expect(queued).toEqual([]);
    await publishAnnouncements({ JOBS: recorder as never }, db());
    const to = (queued as { email: { userId: string; announcement: string } }[]).map((m) => m.email.userId);
    expect(to).toContain(chose.user.id);
    expect(to).not.toContain(declined.user.id);
    expect(to).not.toContain(unconfirmed.user.id);
    // Once: the next hour sends it to nobody.
    queued.length = 0;
    await publishAnnouncements({ JOBS: recorder as never }, db());
    expect(queued).toEqual([]);

    // And through the real queue, it reaches the inbox.
    await env.DB.prepare("DELETE FROM announcements_sent WHERE id = ?").bind("email-notifications").run();
    await publishAnnouncements(env, db());
    await waitForMail(chose.user.email, { subject: /New in Verbatim/ });
  });
});

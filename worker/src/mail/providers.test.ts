import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../../test/google";
import { waitForMail } from "../../test/mailpit";
import type { SendEmailBinding } from "../env";
import { toMime } from "./mime";
import { mailProvider, smtpSettings } from "./providers";

const message = (to: string) => ({
  from: "Verbatim Tëst <verbatim@localhost>",
  to,
  subject: "Grüße — “quoted”\r\nBcc: injected@example.com",
  text: "First line\n.starts with a dot\nÜnïcödé",
  html: "<p>Hello <b>there</b></p>",
  headers: { "List-Unsubscribe": "<https://example.com/u>" },
});

describe("the providers", () => {
  it("SMTP delivers both parts, UTF-8 subject and sender, a line that starts with a dot, no injected header", async () => {
    const to = uniqueEmail("smtp");
    await mailProvider(env).send(message(to));
    const mail = await waitForMail(to);
    expect(mail.Subject).toBe("Grüße — “quoted” Bcc: injected@example.com");
    expect(mail.From).toEqual({ Name: "Verbatim Tëst", Address: "verbatim@localhost" });
    expect(mail.Text.replace(/\r\n/g, "\n").trim()).toBe("First line\n.starts with a dot\nÜnïcödé");
    expect(mail.HTML).toContain("<b>there</b>");
    expect(mail.headers.Bcc).toBeUndefined();
    expect(mail.headers["List-Unsubscribe"]).toEqual(["<https://example.com/u>"]);
  });

  it("an SMTP server that is not there fails the send (the queue then retries it)", async () => {
    const provider = mailProvider({ ...env, SMTP_HOST: "127.0.0.1", SMTP_PORT: "9" });
    await expect(provider.send(message("nobody@example.com"))).rejects.toThrow();
  });

  it("Cloudflare Email Service gets the message through its send_email binding", async () => {
    const sent: unknown[] = [];
    const EMAIL: SendEmailBinding = {
      send: async (m) => {
        sent.push(m);
      },
    };
    const provider = mailProvider({ EMAIL_PROVIDER: "cloudflare", EMAIL });
    await provider.send(message("someone@example.com"));
    expect(sent).toEqual([
      {
        from: "Verbatim Tëst <verbatim@localhost>",
        to: "someone@example.com",
        subject: message("").subject,
        html: "<p>Hello <b>there</b></p>",
        text: "First line\n.starts with a dot\nÜnïcödé",
        headers: { "List-Unsubscribe": "<https://example.com/u>" },
      },
    ]);
    expect(() => mailProvider({ EMAIL_PROVIDER: "cloudflare" })).toThrow(/EMAIL send_email binding/);
    expect(() => mailProvider({ EMAIL_PROVIDER: "pigeon" })).toThrow(/smtp, cloudflare or off/);
  });

  it("SMTP security follows the port unless set", () => {
    expect(smtpSettings({ SMTP_PORT: "465" }).security).toBe("tls");
    expect(smtpSettings({ SMTP_PORT: "587" }).security).toBe("starttls");
    expect(smtpSettings({ SMTP_PORT: "25", SMTP_SECURITY: "starttls" }).security).toBe("starttls");
    expect(smtpSettings({})).toMatchObject({ host: "127.0.0.1", port: 1025, security: "off" });
  });

  it("the MIME text is multipart/alternative with base64 UTF-8 parts and short lines", () => {
    const mime = toMime({ ...message("a@example.com"), text: "x".repeat(500) });
    expect(mime).toMatch(/^Content-Type: multipart\/alternative; boundary="verbatim-/m);
    expect(mime).toMatch(/^Subject: =\?UTF-8\?B\?/m);
    for (const line of mime.split("\r\n")) expect(line.length).toBeLessThanOrEqual(998);
  });
});

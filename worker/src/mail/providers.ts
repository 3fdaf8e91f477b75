import type { Bindings, SendEmailBinding } from "../env";
import type { MailMessage } from "./mime";
import { type SmtpSettings, sendSmtp } from "./smtp";

// Where e-mail goes: one interface, three providers, chosen by EMAIL_PROVIDER (docs/configuration.md#e-mail).
// The rest of the Worker only ever calls `send` on what mailProvider() returns.

export interface MailProvider {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

export const DEFAULT_FROM = "Verbatim <verbatim@localhost>";

/** Cloudflare Email Service: the `EMAIL` binding ([[send_email]] in wrangler.toml). */
export function cloudflareEmail(binding: SendEmailBinding): MailProvider {
  return {
    name: "cloudflare",
    async send(message) {
      await binding.send({
        from: message.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
  };
}

export function smtp(settings: SmtpSettings): MailProvider {
  return { name: "smtp", send: (message) => sendSmtp(settings, message) };
}

/** No e-mail at all (EMAIL_PROVIDER=off): each one is logged as not sent. */
const off: MailProvider = {
  name: "off",
  async send(message) {
    console.warn(JSON.stringify({ level: "warn", email: "not sent (EMAIL_PROVIDER=off)", subject: message.subject }));
  },
};

export function smtpSettings(env: Partial<Bindings>): SmtpSettings {
  const port = Number(env.SMTP_PORT) || 1025;
  const security = env.SMTP_SECURITY ?? (port === 465 ? "tls" : port === 587 ? "starttls" : "off");
  if (security !== "off" && security !== "tls" && security !== "starttls")
    throw new Error(`SMTP_SECURITY must be off, tls or starttls, not ${security}`);
  return {
    host: env.SMTP_HOST || "127.0.0.1",
    port,
    security,
    user: env.SMTP_USER || undefined,
    password: env.SMTP_PASSWORD || undefined,
    helo: env.SMTP_HELO || "localhost",
  };
}

/** The provider EMAIL_PROVIDER names: `smtp` (the default: Mailpit on 127.0.0.1:1025 locally), `cloudflare`, `off`. */
export function mailProvider(env: Partial<Bindings>): MailProvider {
  const name = env.EMAIL_PROVIDER || "smtp";
  if (name === "smtp") return smtp(smtpSettings(env));
  if (name === "off") return off;
  if (name === "cloudflare") {
    const binding = env.EMAIL;
    if (!binding) throw new Error("EMAIL_PROVIDER=cloudflare needs the EMAIL send_email binding");
    return cloudflareEmail(binding);
  }
  throw new Error(`EMAIL_PROVIDER must be smtp, cloudflare or off, not ${name}`);
}

export const senderOf = (env: Partial<Bindings>) => env.EMAIL_FROM || DEFAULT_FROM;

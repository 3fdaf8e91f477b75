/// <reference path="../worker-configuration.d.ts" />
import type { Db } from "./db/client";
import type { JobMessage } from "./rules/job-messages";

/**
 * What the Worker gets: `Env` is generated from wrangler.toml by `wrangler types` (worker-configuration.d.ts;
 * `pnpm --filter @verbatim/worker cf-types`). Settings that wrangler.toml leaves unset (secrets, optional vars)
 * are declared here; the queue is typed with its message.
 */
export type Bindings = Omit<Env, "JOBS"> & { JOBS: Queue<JobMessage> };

declare global {
  namespace Cloudflare {
    interface Env extends Settings {}
  }
}

/** Optional settings not in wrangler.toml: secrets and overrides, set per deployment (docs/configuration.md). */
interface Settings {
  ASR_API_KEY?: string;
  ANALYSIS_PROVIDER?: string;
  ANALYSIS_BASE_URL?: string;
  ANALYSIS_API_KEY?: string;
  ANALYSIS_MODEL?: string;
  /** Set by the start command when the local model (llm/) cannot run: why; "local" then analyses offline. */
  ANALYSIS_LOCAL_ERROR?: string;
  /** Overrides of the abuse limits (worker/src/http/rate-limit.ts); unset means the production numbers. */
  SIGNUPS_PER_IP_PER_HOUR?: string;
  SIGNUPS_PER_MINUTE?: string;
  EXPORTS_PER_MINUTE?: string;
  OPEN_UPLOADS_PER_USER?: string;
  /** Requests one API key may make in a minute (auth/api-key.ts). */
  API_KEY_REQUESTS_PER_MINUTE?: string;
  /**
   * How long POST /v1/audio/transcriptions and …/translations wait for the transcript, in seconds (default 100),
   * before answering 202 with the job to poll (openai-api/wait.ts).
   */
  OPENAI_AUDIO_WAIT_SECONDS?: string;
  /** Wrong passwords from one client address in 15 minutes, across accounts (worker/src/auth/lockout.ts). */
  LOGIN_FAILURES_PER_IP?: string;
  /** Attempts per speech job before it is FAILED (default 5). */
  JOB_MAX_ATTEMPTS?: string;
  /** First retry delay in seconds, doubled on each attempt (default 10). */
  JOB_RETRY_BASE_SECONDS?: string;
  /** Google OAuth client (Google Cloud console → Credentials); without both, Google features say so. */
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  /** `id:secret[,id:secret…]`: the first encrypts stored Google tokens, the others still decrypt (rotation). */
  GOOGLE_TOKEN_KEYS?: string;
  /** Google's endpoints; defaults are Google's real URLs (tests and proxies point them elsewhere). */
  GOOGLE_AUTH_URL?: string;
  GOOGLE_TOKEN_URL?: string;
  GOOGLE_REVOKE_URL?: string;
  GOOGLE_JWKS_URL?: string;
  GOOGLE_ISSUER?: string;
  GOOGLE_CALENDAR_API_URL?: string;
  GOOGLE_DRIVE_API_URL?: string;
  /** How long Google may stay silent before a call gives up, in milliseconds (default 15000). */
  GOOGLE_TIMEOUT_MS?: string;
  /** Stripe secret key; without it payments are off and everything else works. */
  STRIPE_SECRET_KEY?: string;
  /** Signing secret of the webhook endpoint (whsec_…). */
  STRIPE_WEBHOOK_SECRET?: string;
  /** The PRO prices Checkout may sell (price_…). */
  STRIPE_PRICE_PRO_MONTHLY?: string;
  STRIPE_PRICE_PRO_ANNUAL?: string;
  /** Another Stripe API base, e.g. stripe-mock's http://127.0.0.1:12111 in tests; default Stripe's own. */
  STRIPE_API_BASE?: string;
  /** Where e-mail goes (worker/src/mail/providers.ts): `smtp` (default), `cloudflare` (the EMAIL binding) or `off`. */
  EMAIL_PROVIDER?: string;
  /** The sender, `Name <address>`; default `Verbatim <verbatim@localhost>`. */
  EMAIL_FROM?: string;
  /** The SMTP server; defaults are Mailpit's on loopback (127.0.0.1:1025, no TLS, no login). */
  SMTP_HOST?: string;
  SMTP_PORT?: string;
  /** `off`, `tls` (implicit, port 465) or `starttls` (port 587); default from the port. */
  SMTP_SECURITY?: string;
  SMTP_USER?: string;
  SMTP_PASSWORD?: string;
  /** The name the Worker gives in EHLO (default localhost). */
  SMTP_HELO?: string;
  /** Cloudflare Email Service's send_email binding, for EMAIL_PROVIDER=cloudflare. */
  EMAIL?: SendEmailBinding;
  /** HMAC key of the unsubscribe links (at least 32 random characters in production). */
  EMAIL_SIGNING_KEY?: string;
  /** The origin links in e-mails point to when APP_ORIGIN is unset (the start command sets its own). */
  EMAIL_LINK_ORIGIN?: string;
  /**
   * Web Push (push/vapid.ts): the server's P-256 key pair, base64url (the public key uncompressed, the private key
   * its 32 bytes), and a contact for push services (`mailto:` or `https:`). Without both keys browser notifications
   * are off and Settings says so. The start command makes a pair locally.
   */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /**
   * `true` lets webhooks go to http:// on loopback (127.0.0.1, [::1], localhost): local development and tests only
   * (worker/src/webhooks/url-policy.ts). Unset, webhooks need https:// and a public host.
   */
  WEBHOOKS_ALLOW_HTTP_LOOPBACK?: string;
  /** Overrides of the e-mail limits (worker/src/http/rate-limit.ts). */
  PASSWORD_RESETS_PER_ADDRESS_PER_HOUR?: string;
  PASSWORD_RESETS_PER_IP_PER_HOUR?: string;
  VERIFICATION_EMAILS_PER_HOUR?: string;
}

/** Cloudflare Email Service's `send_email` binding, as the Worker uses it. */
export interface SendEmailBinding {
  send(message: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    headers?: Record<string, string>;
  }): Promise<unknown>;
}

export interface Variables {
  db: Db;
  userId: string | null;
  sessionId: string | null;
  /** The API key the request was made with (auth/api-key.ts); null with a session cookie or none. */
  apiKeyId: string | null;
}

export type AppEnv = { Bindings: Bindings; Variables: Variables };

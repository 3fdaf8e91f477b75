import type { Bindings } from "../env";
import type { EmailJob } from "../rules/email-jobs";

/**
 * Puts an e-mail on the job queue: the request that asks for it never waits for a mail server, and the queue
 * retries a failed send (wrangler.toml max_retries) with each failure logged (jobs/consumer.ts).
 */
export async function queueEmail(env: Pick<Bindings, "JOBS">, email: EmailJob) {
  await env.JOBS.send({ type: "email", email });
}

/**
 * The origin links in e-mails point to: APP_ORIGIN in production; else the origin of the request that asked for the
 * e-mail; else EMAIL_LINK_ORIGIN (the start command sets it); else the start command's default.
 */
export function linkOrigin(env: Partial<Bindings>, requestOrigin?: string) {
  return (env.APP_ORIGIN || requestOrigin || env.EMAIL_LINK_ORIGIN || "http://127.0.0.1:8787").replace(/\/+$/, "");
}

import { WEBHOOK_RESPONSE_EXCERPT_CHARS } from "@verbatim/shared/webhooks";
import type { Db } from "../db/client";
import type { Bindings } from "../env";
import { linkOrigin, queueEmail } from "../mail";
import {
  delayBeforeAttempt,
  FAILED_MESSAGES_BEFORE_DISABLING,
  WEBHOOK_RESPONSE_READ_BYTES,
  WEBHOOK_TIMEOUT_MS,
} from "../rules/webhook-schedule";
import { TEST_EVENT } from "./events";
import { signWebhook } from "./sign";
import {
  claimAttempt,
  countFailedMessage,
  disableEndpoint,
  type EndpointRow,
  findDelivery,
  findEndpoint,
  recordAttempt,
  signingSecrets,
  updateEndpoint,
} from "./store";
import { webhookUrlProblem } from "./url-policy";

// One attempt of one delivery (the queue's `webhook` message): signed, POSTed with no redirects followed, a short
// timeout and a capped read of the answer, logged. A failure queues the next attempt after the schedule's delay
// (rules/webhook-schedule.ts); the last one counts against the endpoint, which a run of them switches off.

/** Where this server may send webhooks; `requestOrigin` is the app's own origin as a request reached it. */
export const urlPolicy = (env: Partial<Bindings>, requestOrigin?: string) => ({
  allowHttpLoopback: env.WEBHOOKS_ALLOW_HTTP_LOOPBACK === "true",
  ownOrigin: linkOrigin(env, requestOrigin),
});

interface Attempt {
  ok: boolean;
  httpStatus: number | null;
  latencyMs: number | null;
  excerpt: string | null;
}

/** The start of the answer's body: at most `limit` bytes are read, the rest is cancelled unread. */
async function readStart(res: Response, limit: number): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(Math.min(size, limit));
  let at = 0;
  for (const c of chunks) {
    const part = c.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
  }
  return new TextDecoder().decode(bytes);
}

async function post(url: string, headers: Record<string, string>, body: string): Promise<Attempt> {
  const started = Date.now();
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json", "User-Agent": "Verbatim-Webhooks/1" },
      body,
      // A receiver's redirect could lead anywhere, a private address included: it is a failure, never followed.
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    const text = await readStart(res, WEBHOOK_RESPONSE_READ_BYTES);
    const latencyMs = Date.now() - started;
    const redirect = res.status >= 300 && res.status < 400;
    const excerpt = redirect ? `Redirect not followed (Location: ${res.headers.get("Location") ?? "none"})` : text;
    return { ok: res.ok, httpStatus: res.status, latencyMs, excerpt };
  } catch (err) {
    const latencyMs = Date.now() - started;
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    const excerpt = timedOut
      ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`
      : `Could not connect: ${err instanceof Error ? err.message : String(err)}`;
    return { ok: false, httpStatus: null, latencyMs, excerpt };
  }
}

/** Every attempt of a message failed: one more against the endpoint, and at the limit it is switched off. */
async function giveUp(env: Pick<Bindings, "JOBS">, db: Db, endpoint: EndpointRow) {
  const failed = await countFailedMessage(db, endpoint.id);
  if (failed < FAILED_MESSAGES_BEFORE_DISABLING) return;
  const reason = `Switched off after ${failed} messages in a row failed on every attempt`;
  if (await disableEndpoint(db, endpoint.id, reason))
    await queueEmail(env, { kind: "webhook-disabled", userId: endpoint.userId, endpointId: endpoint.id });
}

export async function deliverWebhook(env: Bindings, db: Db, deliveryId: string, attempt: number) {
  const delivery = await findDelivery(db, deliveryId);
  const endpoint = delivery && (await findEndpoint(db, delivery.endpointId));
  if (!delivery || !endpoint) return;
  const now = new Date();
  if (!(await claimAttempt(db, delivery.id, attempt, now.toISOString()))) return;
  const test = delivery.event === TEST_EVENT;
  const problem = webhookUrlProblem(endpoint.url, urlPolicy(env));
  let result: Attempt;
  if (!endpoint.enabled && !test) {
    // Switched off since it was queued: nothing is sent, and it does not count against the endpoint.
    const excerpt = "Not sent: the endpoint is switched off";
    await recordAttempt(db, delivery.id, {
      status: "failed",
      httpStatus: null,
      latencyMs: null,
      responseExcerpt: excerpt,
      nextAttemptAt: null,
    });
    return;
  }
  if (problem) result = { ok: false, httpStatus: null, latencyMs: null, excerpt: `Not sent: ${problem}` };
  else {
    const headers = await signWebhook(signingSecrets(endpoint, now), {
      id: delivery.messageId,
      timestamp: now,
      body: delivery.payload,
    });
    result = await post(endpoint.url, headers, delivery.payload);
  }
  const logged = {
    httpStatus: result.httpStatus,
    latencyMs: result.latencyMs,
    responseExcerpt: result.excerpt?.slice(0, WEBHOOK_RESPONSE_EXCERPT_CHARS) || null,
  };
  if (result.ok) {
    await recordAttempt(db, delivery.id, { status: "succeeded", nextAttemptAt: null, ...logged });
    if (endpoint.failedMessages > 0) await updateEndpoint(db, endpoint.id, { failedMessages: 0 });
    return;
  }
  // A URL the policy refuses will be refused again: no retry.
  const delay = problem ? null : delayBeforeAttempt(attempt + 1);
  if (delay === null) {
    await recordAttempt(db, delivery.id, { status: "failed", nextAttemptAt: null, ...logged });
    if (!test) await giveUp(env, db, endpoint);
    return;
  }
  const nextAttemptAt = new Date(now.getTime() + delay * 1000).toISOString();
  await recordAttempt(db, delivery.id, { status: "pending", nextAttemptAt, ...logged });
  await env.JOBS.send({ type: "webhook", deliveryId: delivery.id, attempt: attempt + 1 }, { delaySeconds: delay });
}

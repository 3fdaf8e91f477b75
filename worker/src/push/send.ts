import { type BrowserKeys, encryptPayload } from "./encrypt";
import { type VapidKeys, vapidAuthorization } from "./vapid";

// One push to one browser (RFC 8030 §5): POST the encrypted message to the subscription's endpoint, signed with
// VAPID. What the push service answers decides what becomes of the subscription.

export interface PushTarget extends BrowserKeys {
  endpoint: string;
}

export interface PushOptions {
  /** Seconds the push service keeps the message for a browser that is offline. */
  ttl: number;
  urgency: "very-low" | "low" | "normal" | "high";
  /** Replaces the network (tests). */
  fetch?: typeof fetch;
}

/**
 * `gone`: the subscription no longer exists (404/410) and is to be removed; `failed`: worth another try later;
 * `refused`: this push will never be taken (a bad request, our key refused, too large).
 */
export type PushResult = "sent" | "gone" | "failed" | "refused";

/** A push service that does not answer in this time is treated as down for this attempt. */
const TIMEOUT_MS = 15_000;

export async function sendPush(
  target: PushTarget,
  payload: object,
  vapid: VapidKeys,
  options: PushOptions,
): Promise<{ result: PushResult; status: number }> {
  const body = await encryptPayload(new TextEncoder().encode(JSON.stringify(payload)), target);
  const res = await (options.fetch ?? fetch)(target.endpoint, {
    method: "POST",
    headers: {
      Authorization: await vapidAuthorization(vapid, target.endpoint),
      "Content-Encoding": "aes128gcm",
      "Content-Type": "application/octet-stream",
      TTL: String(options.ttl),
      Urgency: options.urgency,
    },
    body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await res.body?.cancel();
  const { status } = res;
  if (status >= 200 && status < 300) return { result: "sent", status };
  if (status === 404 || status === 410) return { result: "gone", status };
  // Too many requests or the service's own trouble: another attempt may go through.
  if (status === 429 || status >= 500) return { result: "failed", status };
  // 400, 401, 403, 413: this message or our key was refused; sending it again would be refused again.
  return { result: "refused", status };
}

import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import { WEBHOOK_SECRET_PREFIX } from "@verbatim/shared/webhooks";

// Standard Webhooks signatures (https://www.standardwebhooks.com), with WebCrypto only, as the Workers runtime has
// it: `v1,` and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>", keyed with the secret's bytes.
// Any receiver's Standard Webhooks library (npm `standardwebhooks`, Svix's) verifies them.

/** A new secret: whsec_ and 32 random bytes in base64 (the spec asks for 24 to 64). */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${encodeBase64(crypto.getRandomValues(new Uint8Array(32)))}`;
}

async function hmac(secret: string, content: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    decodeBase64(secret.slice(WEBHOOK_SECRET_PREFIX.length)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return encodeBase64(new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(content))));
}

/**
 * The three headers of one attempt. With more than one secret (the day after a rotation) each signs, separated by a
 * space, so a receiver with either secret verifies the message.
 */
export async function signWebhook(
  secrets: readonly string[],
  message: { id: string; timestamp: Date; body: string },
): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(message.timestamp.getTime() / 1000));
  const content = `${message.id}.${timestamp}.${message.body}`;
  const signatures = await Promise.all(secrets.map(async (s) => `v1,${await hmac(s, content)}`));
  return {
    "webhook-id": message.id,
    "webhook-timestamp": timestamp,
    "webhook-signature": signatures.join(" "),
  };
}

import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { Bindings } from "../env";

// The one-click unsubscribe links of the optional e-mails (RFC 8058): `<userId>.<HMAC-SHA256>` under
// EMAIL_SIGNING_KEY, so the link works by POST without a session and cannot be made for another account.

const PURPOSE = "unsubscribe:new-features:";
/** Only for local runs and tests: production sets EMAIL_SIGNING_KEY (docs/configuration.md#e-mail). */
const LOCAL_KEY = "verbatim-local-email-signing-key-not-for-production";

const encoder = new TextEncoder();

async function hmacKey(env: Partial<Bindings>) {
  return crypto.subtle.importKey(
    "raw",
    encoder.encode(env.EMAIL_SIGNING_KEY || LOCAL_KEY),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

export async function unsubscribeToken(env: Partial<Bindings>, userId: string) {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(env), encoder.encode(PURPOSE + userId));
  return `${userId}.${encodeBase64urlNoPadding(new Uint8Array(mac))}`;
}

/** The account a token was made for, or null when it was not made with our key (checked in constant time). */
export async function userOfUnsubscribeToken(env: Partial<Bindings>, token: string) {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  let mac: Uint8Array;
  try {
    mac = decodeBase64urlIgnorePadding(token.slice(dot + 1));
  } catch {
    return null;
  }
  const ok = await crypto.subtle.verify("HMAC", await hmacKey(env), mac, encoder.encode(PURPOSE + userId));
  return ok ? userId : null;
}

/** The URL of List-Unsubscribe (the API, which takes RFC 8058's POST) and of the e-mail's own link (a page). */
export async function unsubscribeUrls(env: Partial<Bindings>, origin: string, userId: string) {
  const token = encodeURIComponent(await unsubscribeToken(env, userId));
  return { oneClick: `${origin}/api/email/unsubscribe?token=${token}`, page: `${origin}/unsubscribe?token=${token}` };
}

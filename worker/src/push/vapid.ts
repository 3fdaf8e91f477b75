import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { Bindings } from "../env";

// VAPID (RFC 8292): each push carries a JWT signed with the server's P-256 key, so a push service knows which
// application server sends and can refuse anyone else pushing to the same subscription. The key pair is made once
// (the start command makes one locally; production sets the three secrets: docs/configuration.md#browser-notifications).

export interface VapidKeys {
  /** The uncompressed public key (65 bytes) as base64url: the browser's applicationServerKey and the `k=` value. */
  publicKey: string;
  privateKey: CryptoKey;
  /** A contact for the push service's operator: `mailto:` or `https:` (RFC 8292 §2.1). */
  subject: string;
}

/** The JWT may live 24 hours at most (RFC 8292 §2); twelve leaves room for a push service's clock running fast. */
const JWT_LIFETIME_S = 12 * 60 * 60;

/** The configured public key, or null when this server sends no pushes. */
export function vapidPublicKey(env: Partial<Bindings>) {
  return env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? env.VAPID_PUBLIC_KEY : null;
}

/** The configured key pair; null when unset. A malformed key throws, naming the setting. */
export async function vapidKeys(env: Partial<Bindings>): Promise<VapidKeys | null> {
  const publicKey = vapidPublicKey(env);
  if (!publicKey || !env.VAPID_PRIVATE_KEY) return null;
  const point = decodeBase64urlIgnorePadding(publicKey);
  const d = decodeBase64urlIgnorePadding(env.VAPID_PRIVATE_KEY);
  if (point.length !== 65 || point[0] !== 4) throw new Error("VAPID_PUBLIC_KEY must be an uncompressed P-256 point");
  if (d.length !== 32) throw new Error("VAPID_PRIVATE_KEY must be a 32-byte P-256 private key");
  const privateKey = await crypto.subtle.importKey(
    "jwk",
    {
      kty: "EC",
      crv: "P-256",
      x: encodeBase64urlNoPadding(point.slice(1, 33)),
      y: encodeBase64urlNoPadding(point.slice(33)),
      d: encodeBase64urlNoPadding(d),
    },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  return { publicKey, privateKey, subject: vapidSubject(env) };
}

/**
 * VAPID_SUBJECT; else the app's https origin, a page its operators answer for; else (a local run) a placeholder.
 * Some push services (Apple's) refuse a subject on localhost, so production sets one.
 */
function vapidSubject(env: Partial<Bindings>) {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  return env.APP_ORIGIN?.startsWith("https://") ? env.APP_ORIGIN : "mailto:verbatim@localhost";
}

const json64 = (value: object) => encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(value)));

/** `Authorization: vapid t=<JWT>, k=<public key>` for a push to `endpoint` (its origin is the JWT's audience). */
export async function vapidAuthorization(keys: VapidKeys, endpoint: string, now = Date.now()) {
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + JWT_LIFETIME_S, sub: keys.subject };
  const signingInput = `${json64({ typ: "JWT", alg: "ES256" })}.${json64(claims)}`;
  // WebCrypto's ECDSA signature is r‖s, 64 bytes: the form JWS (RFC 7518 §3.4) wants.
  const signature = await crypto.subtle.sign(
    { name: "ECDSA", hash: "SHA-256" },
    keys.privateKey,
    new TextEncoder().encode(signingInput),
  );
  return `vapid t=${signingInput}.${encodeBase64urlNoPadding(new Uint8Array(signature))}, k=${keys.publicKey}`;
}

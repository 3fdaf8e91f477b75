import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";

// Message encryption for Web Push (RFC 8291): only the browser that subscribed can read a push, not the push
// service that carries it. An ephemeral ECDH P-256 key agreed with the browser's key, mixed with its auth secret
// through HKDF, gives the key and nonce of one aes128gcm record (RFC 8188).

/** One record holds the whole message; 4096 is the most push services accept for a body. */
const RECORD_SIZE = 4096;
/** salt (16) + rs (4) + idlen (1) + keyid (the 65-byte public key). */
const HEADER_SIZE = 16 + 4 + 1 + 65;
/** What a payload may be: the record less its delimiter byte and the 16-byte GCM tag, and less the header. */
export const MAX_PAYLOAD = RECORD_SIZE - HEADER_SIZE - 1 - 16;

const text = (s: string) => new TextEncoder().encode(s);

function concat(...parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** HKDF-SHA-256 extract-and-expand to `bytes` bytes. */
async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

export interface BrowserKeys {
  /** base64url of the browser's uncompressed P-256 public key. */
  p256dh: string;
  /** base64url of its 16-byte authentication secret. */
  auth: string;
}

/** The aes128gcm body of a push to a browser with `keys`. `salt` and `serverKeys` are fresh for every message. */
export async function encryptPayload(
  payload: Uint8Array,
  keys: BrowserKeys,
  salt = crypto.getRandomValues(new Uint8Array(16)),
  serverKeys?: CryptoKeyPair,
) {
  if (payload.length > MAX_PAYLOAD) throw new Error(`A push payload may be ${MAX_PAYLOAD} bytes at most`);
  const uaPublic = decodeBase64urlIgnorePadding(keys.p256dh);
  const authSecret = decodeBase64urlIgnorePadding(keys.auth);
  const as =
    serverKeys ??
    ((await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair);
  const asPublic = new Uint8Array((await crypto.subtle.exportKey("raw", as.publicKey)) as ArrayBuffer);
  const uaKey = await crypto.subtle.importKey("raw", uaPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  // `public` is the WebCrypto name (workers-types spells it `$public`; the runtime takes the standard one).
  const ecdh = { name: "ECDH", public: uaKey };
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits(ecdh, as.privateKey, 256));

  // RFC 8291 §3.4: IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" ‖ 0 ‖ ua_public ‖ as_public, 32).
  const ikm = await hkdf(authSecret, ecdhSecret, concat(text("WebPush: info\0"), uaPublic, asPublic), 32);
  // RFC 8188 §2.2–2.3: the content-encryption key and the nonce (of record 0, so no sequence number to mix in).
  const cek = await hkdf(salt, ikm, text("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, text("Content-Encoding: nonce\0"), 12);

  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["encrypt"]);
  // The last (and only) record ends with the delimiter 0x02, unpadded.
  const record = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, key, concat(payload, Uint8Array.of(2))),
  );
  const header = new Uint8Array(HEADER_SIZE);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  header.set(asPublic, 21);
  return concat(header, record);
}

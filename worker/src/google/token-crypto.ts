import type { Bindings } from "../env";

// Google tokens are stored AES-256-GCM encrypted, bound to their user (additional data), as
// `v1.<iv>.<ciphertext>` with the key's id in google_token_key_id, so keys can rotate.

// oslo 1's base64url encoder emits "/" and "=" that its own decoder refuses; this pair round-trips.
const encodeBase64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const decodeBase64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));

interface KeyEntry {
  id: string;
  secret: string;
}

/** GOOGLE_TOKEN_KEYS (`id:secret,…`, first one current); without it, a key derived from the client secret. */
function keyEntries(env: Bindings): KeyEntry[] {
  const configured = (env.GOOGLE_TOKEN_KEYS ?? "")
    .split(",")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf(":");
      return { id: pair.slice(0, at), secret: pair.slice(at + 1) };
    })
    .filter((k) => k.id && k.secret.length >= 16);
  if (configured.length) return configured;
  if (!env.GOOGLE_CLIENT_SECRET) throw new Error("Google is not configured");
  return [{ id: "client-secret", secret: env.GOOGLE_CLIENT_SECRET }];
}

const keyCache = new Map<string, Promise<CryptoKey>>();

/** HKDF turns the secret (any length, any alphabet) into an AES key; derived once per isolate. */
function aesKey(secret: string) {
  let key = keyCache.get(secret);
  if (!key) {
    key = (async () => {
      const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, [
        "deriveKey",
      ]);
      return crypto.subtle.deriveKey(
        {
          name: "HKDF",
          hash: "SHA-256",
          salt: new Uint8Array(0),
          info: new TextEncoder().encode("verbatim google tokens v1"),
        },
        material,
        { name: "AES-GCM", length: 256 },
        false,
        ["encrypt", "decrypt"],
      );
    })();
    keyCache.set(secret, key);
  }
  return key;
}

export async function encryptToken(env: Bindings, userId: string, token: string) {
  const current = keyEntries(env)[0] as KeyEntry;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new TextEncoder().encode(token);
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(userId) },
    await aesKey(current.secret),
    data,
  );
  return { keyId: current.id, value: `v1.${encodeBase64url(iv)}.${encodeBase64url(new Uint8Array(sealed))}` };
}

/** Null when the key is gone or the value was tampered with: the caller treats the grant as lost. */
export async function decryptToken(env: Bindings, userId: string, keyId: string | null, value: string | null) {
  if (!value || !keyId) return null;
  const entry = keyEntries(env).find((k) => k.id === keyId);
  const [version, iv, sealed] = value.split(".");
  if (!entry || version !== "v1" || !iv || !sealed) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: decodeBase64url(iv), additionalData: new TextEncoder().encode(userId) },
      await aesKey(entry.secret),
      decodeBase64url(sealed),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

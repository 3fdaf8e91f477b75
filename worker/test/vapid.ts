// A VAPID key pair in the settings' form (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY), made with WebCrypto so the Workers
// tests and the Node ones share it; the start command makes its own (scripts/lib/vapid.mjs).

export const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

export async function vapidVars() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const { d } = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  return { VAPID_PUBLIC_KEY: base64url(raw), VAPID_PRIVATE_KEY: d ?? "" };
}

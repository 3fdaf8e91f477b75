import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// The VAPID key pair (RFC 8292) browser notifications are signed with (worker/src/push/vapid.ts). Production keeps
// it as secrets (docs/deploying.md); locally the start and test commands make one the first time and keep it in the
// data directory beside the local database, so browsers subscribed with its public key keep working across restarts.

const base64url = (bytes) => Buffer.from(bytes).toString("base64url");

/** A new pair in the form the Worker reads: the uncompressed public point and the private scalar, base64url. */
export async function makeVapidKeys() {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { VAPID_PUBLIC_KEY: base64url(publicKey), VAPID_PRIVATE_KEY: d };
}

/** The pair kept in `dir` (made and saved there, readable by this user only, when there is none yet). */
export async function localVapidVars(dir) {
  const file = join(dir, "vapid-keys.json");
  try {
    const saved = JSON.parse(readFileSync(file, "utf8"));
    if (saved.VAPID_PUBLIC_KEY && saved.VAPID_PRIVATE_KEY)
      return { VAPID_PUBLIC_KEY: saved.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: saved.VAPID_PRIVATE_KEY };
  } catch {
    // None yet (a fresh data directory) or unreadable: a new pair replaces it.
  }
  const keys = await makeVapidKeys();
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

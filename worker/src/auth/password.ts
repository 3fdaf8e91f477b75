import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

// scrypt with OWASP's 16 MiB profile (N=2^14, r=8, p=5): Workers have 128 MB of memory, so the 64/128 MiB
// profiles are out, and PBKDF2 is capped at 100,000 iterations in workerd, below OWASP's 600,000.
const PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
const KEY_LEN = 32;
const MAX_MEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LEN, { ...params, maxmem: MAX_MEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Encodes as `scrypt$N$r$p$salt$hash` (base64) so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = encoded.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password, verified against when the account does not exist, so timing reveals nothing. */
let decoy: Promise<string> | undefined;
export function decoyHash() {
  decoy ??= hashPassword(crypto.randomUUID());
  return decoy;
}

import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

// The one home of the bearer secrets the server hands out (sessions, e-mailed links, API keys, share links, trusted
// devices): 256 random bits, and only their SHA-256 is ever stored, so a copy of the database opens nothing.

/** A new random token, base64url without padding (43 characters). */
export const newToken = () => encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));

/** The stored form of a token: lower-case hex SHA-256 (as oslo 1 wrote it, so old sessions stay valid). */
export function hashToken(token: string) {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

import { createRemoteJWKSet, jwtVerify } from "jose";
import type { GoogleConfig } from "./config";

export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

// One key set per JWKS URL and isolate: jose caches the keys (and refetches once for an unknown `kid`).
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), {
      cacheMaxAge: 60 * 60 * 1000,
      cooldownDuration: 30_000,
      timeoutDuration: 10_000,
    });
    keySets.set(url, set);
  }
  return set;
}

/** Google issues ID tokens as either form of its issuer (Google's OIDC docs). */
function issuers(config: GoogleConfig) {
  return config.issuer === "https://accounts.google.com" ? [config.issuer, "accounts.google.com"] : [config.issuer];
}

/**
 * Verifies the ID token from the token endpoint: RS256 signature against the JWKS, issuer, audience (our
 * client id), expiry (a minute's clock skew) and the nonce of this authorization. Throws on any mismatch.
 */
export async function verifyIdToken(config: GoogleConfig, idToken: string, nonce: string): Promise<GoogleIdentity> {
  const { payload } = await jwtVerify(idToken, keySet(config.jwksUrl), {
    issuer: issuers(config),
    audience: config.clientId,
    algorithms: ["RS256"],
    clockTolerance: 60,
    requiredClaims: ["sub", "exp", "iat"],
  });
  if (payload.nonce !== nonce) throw new Error("ID token nonce does not match");
  const str = (v: unknown) => (typeof v === "string" && v ? v : null);
  return {
    sub: String(payload.sub),
    email: str(payload.email)?.toLowerCase() ?? null,
    // Google sends a boolean; some older tokens carried the string "true".
    emailVerified: payload.email_verified === true || payload.email_verified === "true",
    name: str(payload.name),
    picture: str(payload.picture),
  };
}

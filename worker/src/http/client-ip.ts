import type { Bindings } from "../env";

/**
 * The client address that per-address limits (sign-in lockout, sign-up limits) count against.
 *
 * Cloudflare's edge sets CF-Connecting-IP and overwrites whatever the client sent, so behind Cloudflare it is
 * the real address: the operator says so with TRUST_CLOUDFLARE_IP=true. Anywhere else the header is whatever
 * the client wrote, and X-Forwarded-For is never trusted. workerd exposes no socket address to the Worker
 * (wrangler dev copies it into CF-Connecting-IP only when the client sent none, so the two can't be told
 * apart): untrusted, every client shares one address key. Locally that is the one person at the keyboard.
 */
export const UNTRUSTED_CLIENT = "untrusted";

export function clientAddress(req: Request, env: Pick<Bindings, "TRUST_CLOUDFLARE_IP">) {
  if (env.TRUST_CLOUDFLARE_IP !== "true") return UNTRUSTED_CLIENT;
  return req.headers.get("CF-Connecting-IP")?.trim() || UNTRUSTED_CLIENT;
}

import { env } from "cloudflare:test";
import { vi } from "vitest";

/**
 * Records the requests the real `stripe` client sends to stripe-mock (STRIPE_API_BASE) and lets them through, to
 * check what was asked for. Restore with vi.restoreAllMocks().
 */
export function recordStripeCalls() {
  const calls: { method: string; path: string; params: URLSearchParams; idempotencyKey: string | null }[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const req = new Request(input as RequestInfo, init);
    const url = new URL(req.url);
    if (env.STRIPE_API_BASE && req.url.startsWith(env.STRIPE_API_BASE)) {
      const body = req.method === "GET" ? "" : new TextDecoder().decode(await req.clone().arrayBuffer());
      calls.push({
        method: req.method,
        path: url.pathname,
        params: new URLSearchParams(body),
        idempotencyKey: req.headers.get("Idempotency-Key"),
      });
    }
    return real(req);
  });
  return calls;
}

import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const worker = (exports as unknown as { default: Fetcher }).default;
const fetchAt = (url: string, init?: RequestInit) => worker.fetch(new Request(url, init));

describe("DNS rebinding (finding 5)", () => {
  it("refuses a request for a host name the app is not configured for, API and app alike", async () => {
    const evil = "http://evil.example:8787";
    const register = await fetchAt(`${evil}/api/register`, {
      method: "POST",
      headers: { Origin: evil, "Content-Type": "application/json" },
      body: JSON.stringify({ username: "rebound", email: "rebound@example.com", password: "rebound-pass-1" }),
    });
    expect(register.status).toBe(421);
    expect(await register.json()).toEqual({ message: "This server does not answer for that host name" });
    for (const path of ["/api/health", "/", "/index.html"])
      expect((await fetchAt(`${evil}${path}`)).status, path).toBe(421);
  });

  it("answers its configured origin and the loopback names", async () => {
    for (const base of ["http://localhost", "http://127.0.0.1:8787", "http://localhost:8787", "http://[::1]:8787"]) {
      expect((await fetchAt(`${base}/api/health`)).status, base).toBe(200);
    }
  });
});

import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

// The shared api() helper always uses one origin; this route's answer depends on it, so call the Worker directly.
const worker = (exports as unknown as { default: Fetcher }).default;
const get = (origin: string) => worker.fetch(new Request(`${origin}/api/server-url`));

describe("GET /api/server-url", () => {
  it("describes a local server as development, with the Google callback on its own origin", async () => {
    const res = await get("http://localhost:8798");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      url: "http://localhost:8798",
      redirectUri: "http://localhost:8798/api/auth/google/callback",
      environment: "development",
      // The worker tests run with the Google fakes configured.
      googleConfigured: true,
    });
    expect(((await (await get("http://127.0.0.1:5173")).json()) as { environment: string }).environment).toBe("development");
  });

  it("describes any other host as production", async () => {
    expect(await (await get("https://verbatim.example.com")).json()).toEqual({
      url: "https://verbatim.example.com",
      redirectUri: "https://verbatim.example.com/api/auth/google/callback",
      environment: "production",
      googleConfigured: true,
    });
  });
});

import { exports } from "cloudflare:workers";
import { serverUrlSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { apiWithEnv, readJson } from "../../test/http";

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
    expect((await readJson(await get("http://127.0.0.1:5173"), serverUrlSchema)).environment).toBe("development");
  });

  it("describes the configured public origin as production", async () => {
    // Only a configured host is answered at all (DNS rebinding): here the production APP_ORIGIN.
    const res = await apiWithEnv(
      { APP_ORIGIN: "https://verbatim.example.com" },
      "https://verbatim.example.com/api/server-url",
    );
    expect(await res.json()).toEqual({
      url: "https://verbatim.example.com",
      redirectUri: "https://verbatim.example.com/api/auth/google/callback",
      environment: "production",
      googleConfigured: true,
    });
  });
});

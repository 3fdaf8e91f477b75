import { describe, expect, it } from "vitest";
import { api, signUp } from "../test/http";
import { createApp } from "./app";

// Each area checks the session once, on its own sub-app, before any route's own checks: a signed-out
// caller gets 401 from every private route, before its input is even validated (a malformed body or query
// would otherwise answer 400 and say what the route expects).

const toUrl = (path: string) =>
  path.replace(/:([^/{]+)(\{[^}]*\})?/g, "1").replace(/^\/api\/ffmpeg\/1$/, "/api/ffmpeg/none.js");
const routes = createApp()
  .routes.filter((r) => r.method !== "ALL")
  .map((r) => ({ method: r.method, url: toUrl(r.path), path: r.path }));
const PUBLIC = new Set([
  "GET /api/health",
  "GET /api/stats",
  "POST /api/register",
  "POST /api/login",
  "POST /api/logout",
  "GET /api/session",
  "GET /api/ffmpeg/:file",
  "POST /api/stripe/webhook",
  "GET /api/auth/google",
  "GET /api/auth/google/callback",
  "GET /api/server-url",
  "GET /api/openapi.json",
  // The e-mailed links' routes: the token is the credential.
  "POST /api/email/verify",
  "POST /api/email/unsubscribe",
  "POST /api/password/forgot",
  "POST /api/password/reset",
  // The server's VAPID public key: public by design (a browser needs it to subscribe).
  "GET /api/push/public-key",
  // A share link's token is its own credential (share-links/).
  "GET /api/shared/:token",
  "GET /api/shared/:token/media",
  // An invitation's token is the invitee's credential; accepting it needs an account.
  "GET /api/invitations/:token",
]);

/** A request no route would accept: a body that is not JSON, and no query. */
const malformed = (method: string) =>
  method === "GET" || method === "HEAD"
    ? { method }
    : { method, body: "not json", headers: { "Content-Type": "text/plain" } };

describe("signing in", () => {
  it("is required by every route but the public ones, before anything else is checked", async () => {
    const answered: Record<string, number> = {};
    for (const r of routes) answered[`${r.method} ${r.path}`] = (await api(r.url, malformed(r.method))).status;
    const refused = Object.entries(answered)
      .filter(([, status]) => status === 401)
      .map(([route]) => route);
    const privateRoutes = routes.map((r) => `${r.method} ${r.path}`).filter((r) => !PUBLIC.has(r));
    expect(privateRoutes.length).toBeGreaterThan(30);
    expect(new Set(refused)).toEqual(new Set(privateRoutes));
  });

  it("gives a signed-out caller the same answer under a private area whatever the path", async () => {
    for (const url of [
      "/api/transcriptions",
      "/api/transcriptions/1/nothing",
      "/api/user/nothing",
      "/api/uploads/1/parts/x",
    ]) {
      const res = await api(url);
      expect(res.status, url).toBe(401);
      expect(await res.json()).toEqual({ message: "Not authenticated" });
    }
  });
});

describe("a known path asked with another method", () => {
  it("answers 405 with the methods it takes; an unknown path stays 404", async () => {
    const health = await api("/api/health", { method: "DELETE" });
    expect(health.status).toBe(405);
    expect(health.headers.get("Allow")).toBe("GET, HEAD");
    expect(await health.json()).toEqual({ message: "DELETE is not allowed on /api/health: use GET, HEAD" });

    const { cookie } = await signUp();
    const one = await api("/api/transcriptions/1", { method: "POST", cookie });
    expect(one.status).toBe(405);
    expect(one.headers.get("Allow")).toBe("GET, HEAD, DELETE");

    const unknown = await api("/api/transcriptions/1/nothing", { cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("Allow")).toBeNull();
  });
});

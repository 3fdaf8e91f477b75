import { apiErrorSchema, publicUserSchema, validationErrorSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, readJson, sessionCookie, setCookies, signUp } from "../../test/http";

const register = (json: unknown, headers?: HeadersInit) => api("/api/register", { method: "POST", json, headers });
const login = (json: unknown, headers?: HeadersInit) => api("/api/login", { method: "POST", json, headers });

describe("registration", () => {
  it("creates the account, signs in, and never returns the password", async () => {
    const res = await register({ username: "ada", email: "Ada@Example.com", password: "s3cret-pass" });
    expect(res.status).toBe(201);
    const text = await res.text();
    expect(text).not.toContain("s3cret-pass");
    expect(text).not.toContain("scrypt");
    const user = JSON.parse(text);
    expect(user).toMatchObject({ username: "ada", email: "ada@example.com", subscription_plan: "FREE" });
    expect(user.id).toHaveLength(36);
    expect(user).not.toHaveProperty("password");
    const cookie = setCookies(res).join("\n");
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it.each([
    [{ username: "ab", email: "a@b.co", password: "123456" }, "Username must be at least 3 characters"],
    [{ username: "abc", email: "a@b.co", password: "12345" }, "Password must be at least 6 characters"],
    [{ username: "abc", email: "not-an-email", password: "123456" }, "Please enter a valid email"],
    [{ email: "a@b.co", password: "123456" }, "Username must be at least 3 characters"],
  ])("refuses %j with the spec's message", async (body, message) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    const json = await readJson(res, validationErrorSchema);
    expect(json.message).toBe(message);
    expect(json.errors.map((e) => e.message)).toContain(message);
  });

  it("refuses a taken username or e-mail with 409, whatever the case", async () => {
    await register({ username: "grace", email: "grace@example.com", password: "hopper-1906" });
    const sameName = await register({ username: "GRACE", email: "other@example.com", password: "hopper-1906" });
    expect(sameName.status).toBe(409);
    expect((await readJson(sameName, apiErrorSchema)).message).toBe("Username already exists");
    const sameMail = await register({ username: "grace2", email: "Grace@Example.com", password: "hopper-1906" });
    expect(sameMail.status).toBe(409);
    expect((await readJson(sameMail, apiErrorSchema)).message).toBe("Email already registered");
  });
});

describe("sign-in and sessions", () => {
  it("signs in by username and by e-mail, and /api/user follows the session", async () => {
    await register({ username: "linus", email: "linus@example.com", password: "kernel-123" });
    for (const username of ["linus", "LINUS@example.com"]) {
      const res = await login({ username, password: "kernel-123" });
      expect(res.status).toBe(200);
      const cookie = sessionCookie(res);
      const me = await api("/api/user", { cookie });
      expect(me.status).toBe(200);
      expect((await readJson(me, publicUserSchema)).username).toBe("linus");
    }
  });

  it("answers 401 without a session and after logout", async () => {
    expect((await api("/api/user")).status).toBe(401);
    const { cookie } = await signUp();
    expect((await api("/api/user", { cookie })).status).toBe(200);
    const out = await api("/api/logout", { method: "POST", cookie });
    expect(out.status).toBe(200);
    expect((await api("/api/user", { cookie })).status).toBe(401);
  });

  it("gives the same 401 for a wrong password and an unknown user", async () => {
    await register({ username: "margaret", email: "m@example.com", password: "apollo-11" });
    const wrong = await login({ username: "margaret", password: "apollo-12" });
    const unknown = await login({ username: "nobody-here", password: "apollo-12" });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Invalid username or password" });
    }
  });

  it("locks an account out after 10 failures in 15 minutes, with Retry-After", async () => {
    await register({ username: "target", email: "target@example.com", password: "right-one" });
    for (let i = 0; i < 10; i++) {
      const res = await login({ username: "target", password: `wrong-${i}` }, { "CF-Connecting-IP": `10.0.0.${i}` });
      expect(res.status).toBe(401);
    }
    const locked = await login({ username: "target", password: "right-one" }, { "CF-Connecting-IP": "10.0.1.1" });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("ends every session of the user on logout-all", async () => {
    const { user, cookie } = await signUp();
    const second = sessionCookie(await login({ username: user.username, password: "correct horse" }));
    expect((await api("/api/logout-all", { method: "POST", cookie })).status).toBe(200);
    expect((await api("/api/user", { cookie: second })).status).toBe(401);
  });
});

describe("API hygiene", () => {
  it("refuses a state-changing request from another origin", async () => {
    const res = await register(
      { username: "csrf-victim", email: "v@example.com", password: "123456" },
      { Origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    const crossSite = await api("/api/logout", {
      method: "POST",
      headers: { Origin: "", "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
  });

  it("does not grant CORS to other origins", async () => {
    const res = await api("/api/user", {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("answers malformed JSON with 400, unknown routes with 404, oversized bodies with 413", async () => {
    const bad = await api("/api/login", {
      method: "POST",
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty("message");
    const missing = await api("/api/nope");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toHaveProperty("message");
    const huge = await api("/api/login", {
      method: "POST",
      json: { username: "x".repeat(2 * 1024 * 1024), password: "123456" },
    });
    expect(huge.status).toBe(413);
  });

  it("reports health of D1, R2 and the queue", async () => {
    const res = await api("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: "ok",
      version: expect.any(String),
      checks: { d1: true, r2: true, queue: true },
    });
  });
});

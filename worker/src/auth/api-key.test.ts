import { env } from "cloudflare:test";
import { apiKeyListSchema, createdApiKeySchema, transcriptionSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, apiWithEnv, errorMessage, readJson, signUp } from "../../test/http";
import { testFile } from "../../test/transcriptions";

// API keys: created by a signed-in user, shown once, stored hashed; `Authorization: Bearer` reaches the routes its
// scopes cover and nothing else, without the cookie's CSRF check; revoked or expired it stops at once; each key
// has its own pace, told in RateLimit headers.

async function newKey(cookie: string, body: Record<string, unknown> = {}) {
  const res = await api("/api/api-keys", {
    method: "POST",
    json: { name: "Zapier", scopes: ["transcriptions:read", "transcriptions:write"], ...body },
    cookie,
  });
  expect(res.status).toBe(201);
  return readJson(res, createdApiKeySchema);
}

const bearer = (key: string, extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${key}`, ...extra });

async function uploadWith(key: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", new File([await testFile("jfk.mp3")], "jfk.mp3", { type: "audio/mpeg" }));
  return api("/api/transcriptions/upload", { method: "POST", body: form, headers: bearer(key, headers) });
}

describe("API keys", () => {
  it("are shown once, kept only as a hash, and listed by name and prefix", async () => {
    const { cookie, user } = await signUp();
    const created = await newKey(cookie, { expiresInDays: 30 });
    expect(created.key).toMatch(/^vbt_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(Date.parse(created.expiresAt ?? "") - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const listed = await readJson(await api("/api/api-keys", { cookie }), apiKeyListSchema);
    expect(listed.keys.map((k) => k.name)).toEqual(["Zapier"]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    const stored = await env.DB.prepare("SELECT * FROM api_keys WHERE user_id = ?").bind(user.id).first();
    expect(JSON.stringify(stored)).not.toContain(created.key);
    expect(stored?.key_hash).toMatch(/^[0-9a-f]{64}$/);

    for (const bad of [{ name: "" }, { scopes: [] }, { scopes: ["admin"] }, { expiresInDays: 3 }]) {
      const res = await api("/api/api-keys", {
        method: "POST",
        json: { name: "x", scopes: ["transcriptions:read"], ...bad },
        cookie,
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("reach what their scopes cover, with no CSRF check, and nothing of the account", async () => {
    const { cookie } = await signUp();
    const reader = await newKey(cookie, { name: "reader", scopes: ["transcriptions:read"] });
    const writer = await newKey(cookie, { name: "writer", scopes: ["transcriptions:write"] });

    expect((await api("/api/transcriptions", { headers: bearer(reader.key) })).status).toBe(200);
    const refused = await uploadWith(reader.key);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("WWW-Authenticate")).toContain('error="insufficient_scope"');
    expect(await errorMessage(refused)).toContain("transcriptions:write");
    // A script from anywhere: a foreign Origin does not matter to a Bearer request.
    const uploaded = await uploadWith(writer.key, { Origin: "https://evil.example" });
    expect(uploaded.status).toBe(201);
    const t = await readJson(uploaded, transcriptionSchema);
    expect((await api(`/api/transcriptions/${t.id}`, { headers: bearer(writer.key) })).status).toBe(403);
    expect((await api(`/api/transcriptions/${t.id}`, { headers: bearer(reader.key) })).status).toBe(200);
    expect((await api(`/api/transcriptions/${t.id}`, { cookie })).status).toBe(200);

    // The account stays the session's: the user, the password, the keys themselves.
    for (const [method, path] of [
      ["GET", "/api/user"],
      ["PUT", "/api/user/password"],
      ["DELETE", "/api/user"],
      ["GET", "/api/api-keys"],
      ["POST", "/api/api-keys"],
      ["GET", "/api/voices"],
      ["POST", "/api/logout"],
    ] as const) {
      const res = await api(path, { method, headers: bearer(writer.key), json: method === "GET" ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await errorMessage(res)).toContain("signed-in session");
    }
  });

  it("never fall back to the cookie, and stop at once when revoked or expired", async () => {
    const { cookie } = await signUp();
    const key = await newKey(cookie);
    for (const header of ["Bearer vbt_nope", "Bearer ", "Bearer not-a-key", "Bearer a b"]) {
      const res = await api("/api/transcriptions", { cookie, headers: { Authorization: header } });
      expect(res.status, header).toBe(401);
      expect(res.headers.get("WWW-Authenticate"), header).toContain('error="invalid_token"');
    }
    expect((await api("/api/transcriptions", { headers: bearer(key.key) })).status).toBe(200);
    const listed = await readJson(await api("/api/api-keys", { cookie }), apiKeyListSchema);
    expect(listed.keys[0]?.lastUsedAt).not.toBeNull();

    expect((await api(`/api/api-keys/${key.id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await api("/api/transcriptions", { headers: bearer(key.key) })).status).toBe(401);
    expect((await api(`/api/api-keys/${key.id}`, { method: "DELETE", cookie })).status).toBe(404);

    const expiring = await newKey(cookie, { expiresInDays: 7 });
    await env.DB.prepare("UPDATE api_keys SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), expiring.id)
      .run();
    expect((await api("/api/transcriptions", { headers: bearer(expiring.key) })).status).toBe(401);

    // Another user cannot revoke it.
    const other = await signUp();
    const mine = await newKey(cookie);
    expect((await api(`/api/api-keys/${mine.id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
    expect((await api("/api/transcriptions", { headers: bearer(mine.key) })).status).toBe(200);
  });

  it("each have their own pace, told in RateLimit headers, with Retry-After once it is used up", async () => {
    const { cookie } = await signUp();
    const key = await newKey(cookie);
    const other = await newKey(cookie, { name: "other" });
    const slow = { API_KEY_REQUESTS_PER_MINUTE: "3" };
    const left: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await apiWithEnv(slow, "/api/transcriptions", { headers: bearer(key.key) });
      expect(res.status).toBe(200);
      expect(res.headers.get("RateLimit-Policy")).toBe('"api-key";q=3;w=60');
      left.push(res.headers.get("RateLimit")?.match(/r=(\d+)/)?.[1] ?? "");
    }
    expect(left).toEqual(["2", "1", "0"]);
    const refused = await apiWithEnv(slow, "/api/transcriptions", { headers: bearer(key.key) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.headers.get("RateLimit")).toMatch(/^"api-key";r=0;t=\d+$/);
    // Another key, and the session, are not slowed by it.
    expect((await apiWithEnv(slow, "/api/transcriptions", { headers: bearer(other.key) })).status).toBe(200);
    expect((await apiWithEnv(slow, "/api/transcriptions", { cookie })).status).toBe(200);
  });

  it("are in the OpenAPI document: the bearer scheme, and each operation's scope", async () => {
    const document = (await (await api("/api/openapi.json")).json()) as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    const security = (path: string, method: string) => document.paths[path]?.[method]?.security ?? [];
    expect(security("/api/transcriptions", "get")).toContainEqual({ apiKey: ["transcriptions:read"] });
    expect(security("/api/transcriptions/upload", "post")).toContainEqual({ apiKey: ["transcriptions:write"] });
    expect(security("/api/user", "get").some((s) => "apiKey" in s)).toBe(false);
    expect(security("/api/api-keys", "post").some((s) => "apiKey" in s)).toBe(false);
  });
});

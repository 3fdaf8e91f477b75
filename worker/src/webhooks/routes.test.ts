import { createdApiKeySchema } from "@verbatim/shared/api-keys";
import { webhookEndpointListSchema, webhookEndpointSchema } from "@verbatim/shared/webhooks";
import { describe, expect, it } from "vitest";
import { api, errorMessage, readJson, signUp } from "../../test/http";
import { createEndpoint } from "../../test/webhooks";

// /api/webhooks: an account's endpoints, its own only; URLs checked against the SSRF policy with a clear 400; a key
// reaches them only with webhooks:manage; every route in the OpenAPI document.

const hook = { url: "https://hooks.example.com/verbatim", events: ["transcription.completed"] };

describe("webhook endpoints", () => {
  it("are created with a secret, listed, changed and deleted", async () => {
    const { cookie } = await signUp();
    const created = await createEndpoint(cookie, { ...hook, description: "Zap" });
    expect(created).toMatchObject({ ...hook, description: "Zap", enabled: true, previousSecretExpiresAt: null });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await readJson(await api("/api/webhooks", { cookie }), webhookEndpointListSchema);
    expect(listed.endpoints.map((e) => e.id)).toEqual([created.id]);

    const changed = await api(`/api/webhooks/${created.id}`, {
      method: "PATCH",
      cookie,
      json: { events: ["transcription.failed", "transcription.deleted"], enabled: false },
    });
    expect(changed.status).toBe(200);
    expect(await readJson(changed, webhookEndpointSchema)).toMatchObject({
      events: ["transcription.failed", "transcription.deleted"],
      enabled: false,
      disabledReason: null,
    });

    const rotated = await readJson(
      await api(`/api/webhooks/${created.id}/rotate-secret`, { method: "POST", cookie }),
      webhookEndpointSchema,
    );
    expect(rotated.secret).not.toBe(created.secret);
    const hours = (Date.parse(rotated.previousSecretExpiresAt ?? "") - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    expect((await api(`/api/webhooks/${created.id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await api(`/api/webhooks/${created.id}/deliveries`, { cookie })).status).toBe(404);
  });

  it("are the owner's only: another account's endpoint is not found", async () => {
    const owner = await signUp();
    const other = await signUp();
    const { id } = await createEndpoint(owner.cookie, hook);
    const { cookie } = other;
    for (const [method, path, json] of [
      ["GET", `/api/webhooks/${id}/deliveries`, undefined],
      ["PATCH", `/api/webhooks/${id}`, { enabled: false }],
      ["DELETE", `/api/webhooks/${id}`, undefined],
      ["POST", `/api/webhooks/${id}/rotate-secret`, undefined],
      ["POST", `/api/webhooks/${id}/test`, undefined],
      ["POST", `/api/webhooks/${id}/deliveries/nope/resend`, undefined],
    ] as const) {
      const res = await api(path, { method, cookie, json });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const listed = await readJson(await api("/api/webhooks", { cookie }), webhookEndpointListSchema);
    expect(listed.endpoints).toEqual([]);
    expect((await api("/api/webhooks")).status).toBe(401);
  });

  it("refuse unsafe URLs and bad events with a 400 that says why", async () => {
    const { cookie } = await signUp();
    const { id } = await createEndpoint(cookie, hook);
    for (const [body, message] of [
      [{ ...hook, url: "http://hooks.example.com/" }, /must start with https/],
      [{ ...hook, url: "https://user:secret@hooks.example.com/" }, /user name or password/],
      [{ ...hook, url: "https://169.254.169.254/latest" }, /private, local or reserved/],
      [{ ...hook, url: "https://[::ffff:10.0.0.1]/" }, /private, local or reserved/],
      [{ ...hook, url: "https://printer.local/" }, /local host/],
      [{ ...hook, url: "not a url" }, /not a valid URL/],
      [{ ...hook, events: [] }, /at least one event/],
      [{ ...hook, events: ["transcription.exploded"] }, /./],
      [{ ...hook, events: ["transcription.failed", "transcription.failed"] }, /listed twice/],
    ] as const) {
      const res = await api("/api/webhooks", { method: "POST", cookie, json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await errorMessage(res)).toMatch(message);
    }
    const patched = await api(`/api/webhooks/${id}`, { method: "PATCH", cookie, json: { url: "https://10.0.0.1/" } });
    expect(patched.status).toBe(400);
    expect(await patched.json()).toMatchObject({ errors: [{ field: "url" }] });
    const empty = await api(`/api/webhooks/${id}`, { method: "PATCH", cookie, json: {} });
    expect(empty.status).toBe(400);
    expect(await errorMessage(empty)).toContain("Nothing to change");
  });

  it("are reached by an API key with webhooks:manage, and refused with 403 to any other key", async () => {
    const { cookie } = await signUp();
    const keyWith = async (scopes: string[]) => {
      const res = await api("/api/api-keys", { method: "POST", cookie, json: { name: "bot", scopes } });
      expect(res.status).toBe(201);
      return { Authorization: `Bearer ${(await readJson(res, createdApiKeySchema)).key}` };
    };
    const reader = await keyWith(["transcriptions:read", "transcriptions:write"]);
    const refused = await api("/api/webhooks", { headers: reader });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("WWW-Authenticate")).toContain('scope="webhooks:manage"');
    expect((await api("/api/webhooks", { method: "POST", headers: reader, json: hook })).status).toBe(403);

    const manager = await keyWith(["webhooks:manage"]);
    const created = await api("/api/webhooks", { method: "POST", headers: manager, json: hook });
    expect(created.status).toBe(201);
    const listed = await readJson(await api("/api/webhooks", { cookie }), webhookEndpointListSchema);
    expect(listed.endpoints).toHaveLength(1);
    // The key manages webhooks and nothing else.
    expect((await api("/api/transcriptions", { headers: manager })).status).toBe(403);
  });

  it("are in the OpenAPI document, each with the webhooks:manage scope", async () => {
    const document = (await (await api("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[]; responses: object }>>;
    };
    const operations = [
      ["/api/webhooks", "get"],
      ["/api/webhooks", "post"],
      ["/api/webhooks/{id}", "patch"],
      ["/api/webhooks/{id}", "delete"],
      ["/api/webhooks/{id}/rotate-secret", "post"],
      ["/api/webhooks/{id}/deliveries", "get"],
      ["/api/webhooks/{id}/deliveries/{deliveryId}/resend", "post"],
      ["/api/webhooks/{id}/test", "post"],
    ] as const;
    for (const [path, method] of operations) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation?.security).toContainEqual({ apiKey: ["webhooks:manage"] });
    }
  });
});

import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { apiErrorSchema, preferencesSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { createApp } from "../app";
import type { Bindings } from "../env";
import { reserveSlot } from "../store/plan-usage";
import { NOT_JSON } from "./validate";

// The worst inputs the API fuzz step (scripts/fuzz, schemathesis) found, kept so they stay fixed.

describe("inputs found by fuzzing", () => {
  it("answers an upload that is no valid upload 400/415 even when the plan's allowance is used up", async () => {
    // Found: POST /api/transcriptions/upload with no body answered 402 to a FREE account at its limit; a
    // request that can't be an upload is malformed whatever the plan.
    const { cookie, user } = await signUp();
    for (let i = 0; i < 3; i++) await reserveSlot(env.DB, { userId: user.id, workspaceId: null });
    const res = await api("/api/transcriptions/upload", { method: "POST", cookie });
    expect(res.status).toBe(400);
    // Found next: a form without a `file` field answered 402 too.
    const noFile = new FormData();
    noFile.append("\u0003", "{}");
    expect((await api("/api/transcriptions/upload", { method: "POST", cookie, body: noFile })).status).toBe(400);
    const notMedia = new FormData();
    notMedia.append("file", new File(["just some notes"], "notes.mp3", { type: "audio/mpeg" }));
    expect((await api("/api/transcriptions/upload", { method: "POST", cookie, body: notMedia })).status).toBe(415);
    const full = new FormData();
    full.append("file", new File([new Uint8Array([73, 68, 51, 4])], "a.mp3", { type: "audio/mpeg" }));
    expect((await api("/api/transcriptions/upload", { method: "POST", cookie, body: full })).status).toBe(402);
  });

  it("refuses a query parameter named without a value instead of reading it as 0", async () => {
    // Found: GET /api/search?q=k&offset= answered 200 (z.coerce.number() reads "" as 0).
    const { cookie } = await signUp();
    const res = await api("/api/search?q=k&limit=33&offset=", { cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "offset has no value",
      errors: [{ field: "offset", message: "offset has no value" }],
    });
    expect((await api("/api/sync?since=0&limit=", { cookie })).status).toBe(400);
    expect((await api("/api/search?q=k&offset=0", { cookie })).status).toBe(200);
  });

  it("refuses a JSON route's request without a body instead of saving nothing and answering 200", async () => {
    // Found: PUT /api/user/preferences with no body answered 200 (Hono reads a missing body as {}, which the
    // all-optional update schema accepted).
    const { cookie } = await signUp();
    const res = await api("/api/user/preferences", { method: "PUT", cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: NOT_JSON, errors: [{ field: "body", message: NOT_JSON }] });
  });

  it("refuses a JSON body sent under another content type", async () => {
    const { cookie } = await signUp();
    const res = await api("/api/user/preferences", {
      method: "PUT",
      cookie,
      body: JSON.stringify({ general: { theme: "dark" } }),
      headers: { "Content-Type": "text/plain" },
    });
    expect(res.status).toBe(400);
    expect((await readJson(res, apiErrorSchema)).message).toBe(NOT_JSON);
    const saved = await readJson(await api("/api/user/preferences", { cookie }), preferencesSchema);
    expect(saved.general.theme).toBe("system");
  });

  it("still accepts JSON with a charset or a +json type", async () => {
    const { cookie } = await signUp();
    for (const type of ["application/json; charset=utf-8", "application/merge-patch+json"]) {
      const res = await api("/api/user/preferences", {
        method: "PUT",
        cookie,
        body: JSON.stringify({ general: { theme: "dark" } }),
        headers: { "Content-Type": type },
      });
      expect(res.status, type).toBe(200);
    }
  });

  it("answers a GET that carries a body like any GET, not with a 500", async () => {
    // Found: GET /api/login (and every other path) with a JSON body answered 500: the unread-body guard
    // rebuilt the request with its body, which a GET may not have. A client here cannot build such a request,
    // so the body is attached by hand and the app is called directly.
    for (const path of ["/api/login", "/api/health"]) {
      const req = new Request(`http://localhost${path}`, { headers: { "Content-Type": "application/json" } });
      Object.defineProperty(req, "body", { value: new Blob(['{"username":"000","password":"000000"}']).stream() });
      const ctx = createExecutionContext();
      const res = await createApp().fetch(req, env as unknown as Bindings, ctx);
      await waitOnExecutionContext(ctx);
      // /api/login takes only POST.
      expect(res.status, path).toBe(path === "/api/health" ? 200 : 405);
      expect(res.headers.get("Connection"), path).toBe("close");
    }
  });
});

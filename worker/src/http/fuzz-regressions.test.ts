import { describe, expect, it } from "vitest";
import { api, signUp } from "../../test/http";
import { NOT_JSON } from "./validate";

// The worst inputs the API fuzz step (scripts/fuzz, schemathesis) found, kept so they stay fixed.

describe("inputs found by fuzzing", () => {
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
    expect(((await res.json()) as { message: string }).message).toBe(NOT_JSON);
    const saved = (await (await api("/api/user/preferences", { cookie })).json()) as { general: { theme: string } };
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
});

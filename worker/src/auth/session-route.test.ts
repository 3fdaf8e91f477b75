import { publicUserSchema, sessionSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";

// GET /api/session: who is signed in, for every page of the web app. A visitor gets 200 and null, so a public
// page logs no failed request.

describe("GET /api/session", () => {
  it("answers null, not 401, without a session or with an unknown one", async () => {
    for (const cookie of [undefined, "verbatim_session=not-a-session"]) {
      const res = await api("/api/session", { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await readJson(res, sessionSchema)).toEqual({ user: null });
    }
  });

  it("answers the signed-in user, as GET /api/user does", async () => {
    const { cookie } = await signUp();
    const session = await readJson(await api("/api/session", { cookie }), sessionSchema);
    const user = await readJson(await api("/api/user", { cookie }), publicUserSchema);
    expect(session.user).toEqual(user);
  });
});

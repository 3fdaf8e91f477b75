import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, signUp } from "../../test/http";

describe("GET /api/subscription", () => {
  it("reports a new account as FREE and active", async () => {
    const { cookie } = await signUp();
    const res = await api("/api/subscription", { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ plan: "FREE", status: "active", usage: { used: 0, limit: 3 } });
  });

  it("reports the plan and status stored on the user", async () => {
    const { user, cookie } = await signUp();
    await env.DB.prepare("UPDATE users SET subscription_plan = 'PRO', subscription_status = 'past_due' WHERE id = ?")
      .bind(user.id)
      .run();
    expect(await (await api("/api/subscription", { cookie })).json()).toMatchObject({
      plan: "PRO",
      status: "past_due",
      usage: { limit: null },
    });
  });

  it("needs a session", async () => {
    expect((await api("/api/subscription")).status).toBe(401);
  });
});

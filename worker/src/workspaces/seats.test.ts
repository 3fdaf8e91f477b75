import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../test/http";
import { recordStripeCalls } from "../../test/stripe-calls";
import { teamWithRoles } from "../../test/workspaces";

afterEach(() => {
  vi.restoreAllMocks();
});

const subscribe = (userId: string) =>
  env.DB.prepare(
    "UPDATE users SET subscription_plan = 'PRO', subscription_status = 'active', stripe_subscription_id = 'sub_seats' WHERE id = ?",
  )
    .bind(userId)
    .run();

describe("seats", () => {
  it("set the owner's subscription quantity as members join and leave (stripe-mock)", async () => {
    const { workspace, people } = await teamWithRoles();
    await subscribe(people.owner.user.id);
    const calls = recordStripeCalls();
    const removed = await api(`/api/workspaces/${workspace.id}/members/${people.viewer.user.id}`, {
      method: "DELETE",
      cookie: people.owner.cookie,
    });
    expect(removed.status).toBe(200);
    // stripe-mock's subscription has one item of quantity 1: the owner, admin and member are 3 seats now.
    const update = calls.find((c) => c.method === "POST" && c.path === "/v1/subscriptions/sub_seats");
    expect(update?.params.get("items[0][quantity]")).toBe("3");
    expect(update?.params.get("proration_behavior")).toBe("create_prorations");
  });

  it("are not touched for an owner without a subscription", async () => {
    const { workspace, people } = await teamWithRoles();
    const calls = recordStripeCalls();
    await api(`/api/workspaces/${workspace.id}/members/${people.viewer.user.id}`, {
      method: "DELETE",
      cookie: people.owner.cookie,
    });
    expect(calls).toEqual([]);
  });
});

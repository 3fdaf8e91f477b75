import type { WorkspaceDetail, WorkspaceRole } from "@verbatim/shared/workspaces";
import { act } from "react";
import { describe, expect, test } from "vitest";
import {
  appHarness,
  button,
  click,
  FAKE_USER,
  jsonAnswer,
  noFakeAnswer,
  type,
  until,
} from "@/test-support/app-harness";
import { WorkspaceSettingsPage } from "./workspace-settings-page";

// The settings page shows each control only to a role that may use it (the shared table), and a refusal shows the
// server's own message.

let role: WorkspaceRole;
/** Method, path and body of every change sent. */
let sent: { method: string; path: string; body: unknown }[];
let refusal: string | null;

const detail = (): WorkspaceDetail => ({
  workspace: {
    id: "w1",
    name: "Research",
    role,
    ownerName: role === "owner" ? "Dana Reyes" : "Olga Owner",
    memberCount: 3,
    plan: "PRO",
    usage: { used: 4, limit: null },
    createdAt: "2026-11-01T00:00:00.000Z",
  },
  members: [
    { userId: FAKE_USER.id, name: "Dana Reyes", email: FAKE_USER.email, role, joinedAt: "2026-11-01T00:00:00.000Z" },
    ...(role === "owner"
      ? []
      : [
          {
            userId: "u0",
            name: "Olga Owner",
            email: "olga@example.com",
            role: "owner" as const,
            joinedAt: "2026-11-01",
          },
        ]),
    {
      userId: "u2",
      name: "Max Member",
      email: "max@example.com",
      role: "member",
      joinedAt: "2026-11-02T00:00:00.000Z",
    },
  ],
  invitations:
    role === "owner" || role === "admin"
      ? [
          {
            id: "i1",
            email: "new@example.com",
            role: "viewer",
            invitedBy: "Dana Reyes",
            createdAt: "2026-11-20T00:00:00.000Z",
            expiresAt: "2026-11-27T00:00:00.000Z",
          },
        ]
      : [],
});

async function fakeApi(request: Request) {
  const path = new URL(request.url).pathname;
  if (path === "/api/session") return jsonAnswer({ user: FAKE_USER });
  if (path === "/api/user") return jsonAnswer(FAKE_USER);
  if (path === "/api/workspaces" && request.method === "GET") return jsonAnswer({ workspaces: [detail().workspace] });
  if (path === "/api/workspaces/w1" && request.method === "GET") return jsonAnswer(detail());
  if (path.startsWith("/api/workspaces/w1")) {
    sent.push({ method: request.method, path, body: await request.json().catch(() => null) });
    if (refusal) return jsonAnswer({ message: refusal }, 409);
    if (path.endsWith("/invitations"))
      return jsonAnswer({ ...detail().invitations[0], id: "i2", email: "lee@example.com", role: "admin" }, 201);
    return jsonAnswer({ message: "Done" });
  }
  return noFakeAnswer(request);
}

const app = appHarness(fakeApi, () => {
  role = "owner";
  sent = [];
  refusal = null;
});

const mountAs = async (as: WorkspaceRole) => {
  role = as;
  await app.mount(() => <WorkspaceSettingsPage workspaceId="w1" />);
  await until(() => expect(app.host.querySelector("h1")?.textContent).toBe("Research"));
};
const text = () => app.host.textContent ?? "";
/** Picks an option as a user would (React listens to the change event). */
const choose = (select: HTMLSelectElement, value: string) =>
  act(async () => {
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
const roleSelects = () => app.host.querySelectorAll('select[aria-label^="Role of"]');

describe("workspace settings by role", () => {
  test("a viewer sees the members and may only leave", async () => {
    await mountAs("viewer");
    expect(text()).toContain("Max Member");
    expect(roleSelects()).toHaveLength(0);
    expect(button("Remove Max Member")).toBeUndefined();
    expect(button("Rename")).toBeUndefined();
    expect(button("Send invitation")).toBeUndefined();
    expect(button("Delete workspace")).toBeUndefined();
    expect(button("Transfer ownership")).toBeUndefined();
    expect(button("Leave workspace")).toBeDefined();
  });

  test("an admin manages members and invitations, but neither transfers nor deletes", async () => {
    await mountAs("admin");
    // Only Max's role can change: not the owner's, nor the admin's own.
    expect(roleSelects()).toHaveLength(1);
    expect(button("Remove Max Member")).toBeDefined();
    expect(button("Rename")).toBeDefined();
    expect(text()).toContain("new@example.com");
    expect(button("Re-send new@example.com")).toBeDefined();
    expect(button("Revoke new@example.com")).toBeDefined();
    expect(button("Delete workspace")).toBeUndefined();
    expect(button("Transfer ownership")).toBeUndefined();
    expect(button("Leave workspace")).toBeDefined();
  });

  test("the owner transfers and deletes, and cannot leave", async () => {
    await mountAs("owner");
    expect(button("Transfer ownership")).toBeDefined();
    expect(button("Delete workspace")).toBeDefined();
    expect(button("Leave workspace")).toBeUndefined();
  });
});

describe("inviting", () => {
  test("sends the address and the chosen role, and says so", async () => {
    await mountAs("admin");
    const form = app.host.querySelector('form[aria-label="Invite someone"]') as HTMLFormElement;
    await click(button("Send invitation", form));
    expect(form.textContent).toContain("Please enter a valid email");
    expect(sent).toEqual([]);

    await type(form.querySelector('input[type="email"]') as HTMLInputElement, "lee@example.com");
    await choose(form.querySelector("select") as HTMLSelectElement, "admin");
    await click(button("Send invitation", form));
    await until(() =>
      expect(sent).toEqual([
        { method: "POST", path: "/api/workspaces/w1/invitations", body: { email: "lee@example.com", role: "admin" } },
      ]),
    );
    await until(() => expect(document.body.textContent).toContain("Invitation sent to lee@example.com"));
  });

  test("a refusal shows the server's message", async () => {
    refusal = "lee@example.com is already a member of this workspace";
    await mountAs("admin");
    const form = app.host.querySelector('form[aria-label="Invite someone"]') as HTMLFormElement;
    await type(form.querySelector('input[type="email"]') as HTMLInputElement, "lee@example.com");
    await click(button("Send invitation", form));
    await until(() => expect(document.body.textContent).toContain("Could not send the invitation"));
    expect(document.body.textContent).toContain(refusal);
  });

  test("changing a role and revoking an invitation send their requests", async () => {
    await mountAs("admin");
    await choose(roleSelects()[0] as HTMLSelectElement, "viewer");
    await until(() =>
      expect(sent).toContainEqual({ method: "PATCH", path: "/api/workspaces/w1/members/u2", body: { role: "viewer" } }),
    );
    await click(button("Revoke new@example.com"));
    await until(() =>
      expect(sent).toContainEqual({ method: "DELETE", path: "/api/workspaces/w1/invitations/i1", body: null }),
    );
  });
});

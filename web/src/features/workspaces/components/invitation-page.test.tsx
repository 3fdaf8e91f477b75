import type { InvitationPreview } from "@verbatim/shared/workspaces";
import { describe, expect, test } from "vitest";
import { setCurrentSpace, useCurrentSpace } from "@/entities/workspace/current-space";
import { appHarness, button, click, FAKE_USER, jsonAnswer, noFakeAnswer, until } from "@/test-support/app-harness";
import { fakeWorkspace } from "../../../../e2e/support/fake-answers";
import { InvitationPage } from "./invitation-page";

// The page an invitation e-mail links to works signed out (sign in or up, and come back), accepts signed in (then
// opens the team's space on the dashboard), and says when the link no longer works.

const PREVIEW: InvitationPreview = {
  workspaceName: "Research",
  invitedBy: "Olga Owner",
  email: FAKE_USER.email,
  role: "member",
  expiresAt: "2026-12-01T00:00:00.000Z",
};
const JOINED = fakeWorkspace();

let signedIn: boolean;
let valid: boolean;
let accepted: number;

async function fakeApi(request: Request) {
  const path = new URL(request.url).pathname;
  if (path === "/api/session") return jsonAnswer({ user: signedIn ? FAKE_USER : null });
  if (path === "/api/user") return signedIn ? jsonAnswer(FAKE_USER) : jsonAnswer({ message: "Unauthorized" }, 401);
  if (path === "/api/workspaces") return jsonAnswer({ workspaces: accepted > 0 ? [JOINED] : [] });
  if (path === "/api/invitations/tok") return valid ? jsonAnswer(PREVIEW) : jsonAnswer({ message: "Not found" }, 404);
  if (path === "/api/invitations/tok/accept" && request.method === "POST") {
    accepted += 1;
    return jsonAnswer(JOINED);
  }
  return noFakeAnswer(request);
}

const app = appHarness(fakeApi, () => {
  localStorage.clear();
  setCurrentSpace(null);
  signedIn = true;
  valid = true;
  accepted = 0;
});

function Dashboard() {
  const { space } = useCurrentSpace();
  return <p>Dashboard of {space ?? "personal"}</p>;
}

const mount = () => app.mount(() => <InvitationPage token="tok" />, { routes: { "/dashboard": Dashboard } });

describe("the invitation page", () => {
  test("signed out, it shows the invitation and links to sign in or up, coming back here", async () => {
    signedIn = false;
    await mount();
    await until(() => expect(app.host.textContent).toContain("Join Research"));
    expect(app.host.textContent).toContain("Olga Owner invited you to Research as Member.");
    expect(app.host.textContent).toContain(FAKE_USER.email);
    const links = [...app.host.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toContainEqual(["Sign in", "/login?redirect=%2Finvitations%2Ftok"]);
    expect(links).toContainEqual(["Sign up", "/register?redirect=%2Finvitations%2Ftok"]);
    expect(button("Accept invitation")).toBeUndefined();
  });

  test("signed in, Accept joins, switches to the team and opens the dashboard", async () => {
    await mount();
    await until(() => expect(button("Accept invitation")).toBeDefined());
    await click(button("Accept invitation"));
    await until(() => expect(app.host.textContent).toBe("Dashboard of w1"));
    expect(accepted).toBe(1);
    expect(app.router.state.location.pathname).toBe("/dashboard");
  });

  test("a link that no longer works says so", async () => {
    valid = false;
    await mount();
    await until(() => expect(app.host.textContent).toContain("This invitation is no longer valid"));
    expect(button("Accept invitation")).toBeUndefined();
  });
});

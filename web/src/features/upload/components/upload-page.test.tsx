import type { Subscription } from "@verbatim/shared/subscription";
import type { Workspace } from "@verbatim/shared/workspaces";
import { act } from "react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { setCurrentSpace } from "@/entities/workspace/current-space";
import { formatClock } from "@/lib/format";
import { appHarness, FAKE_USER, jsonAnswer, noFakeAnswer, until } from "@/test-support/app-harness";
import { fakeWorkspace } from "../../../../e2e/support/fake-answers";
import { addFiles } from "../lib/upload-manager";
import { setUploads } from "../lib/upload-store";
import { UploadPage } from "./upload-page";

// The plan checks before a submit follow the space the files go into: a team's plan is its owner's, and its count
// is the team's own, so a Free user is not held back in a PRO team and a FREE team at its limit holds everyone.

/** The length the browser reads from each chosen file, in seconds. */
let seconds: number;
vi.mock("../lib/media-duration", async (original) => ({
  ...(await original<typeof import("../lib/media-duration")>()),
  readDuration: async () => seconds,
}));

/** The caller's own plan: FREE, this month's three used up. */
const PERSONAL: Subscription = { plan: "FREE", status: "active", usage: { used: 3, limit: 3 }, prices: null };
let workspaces: Workspace[];

function fakeApi(request: Request) {
  const path = new URL(request.url).pathname;
  if (path === "/api/session") return jsonAnswer({ user: FAKE_USER });
  if (path === "/api/user") return jsonAnswer(FAKE_USER);
  if (path === "/api/subscription") return jsonAnswer(PERSONAL);
  if (path === "/api/workspaces") return jsonAnswer({ workspaces });
  return noFakeAnswer(request);
}

const app = appHarness(fakeApi, () => {
  localStorage.clear();
  seconds = 60;
  workspaces = [];
});
afterEach(() => setUploads([]));

const submit = () => document.querySelector<HTMLButtonElement>('button[type="submit"]');
const usage = () => document.querySelector('[data-testid="plan-usage"]')?.textContent ?? null;
const limits = () => document.querySelector('[data-testid="plan-limits"]')?.textContent ?? null;
const row = () => document.querySelector<HTMLElement>('[data-testid="upload-row"]');
/** The "Upload to" select, by its label. */
function spaceSelect() {
  const label = [...document.querySelectorAll("label")].find((l) => l.textContent === "Upload to");
  return document.getElementById(label?.htmlFor ?? "") as HTMLSelectElement | null;
}

/** Opens the page in `space` (the switcher's choice) with one chosen recording, its length read. */
async function openWith(space: string | null) {
  setCurrentSpace(space);
  await app.mount(() => <UploadPage />);
  await act(async () => addFiles([new File(["a"], "call.mp3", { type: "audio/mpeg" })]));
  await until(() => expect(row()?.textContent).toContain(formatClock(seconds)));
}

describe("the upload page's plan checks", () => {
  test("a Free user whose own month is used up may upload into a PRO team, however long the recording", async () => {
    workspaces = [fakeWorkspace({ id: "w1", plan: "PRO", usage: { used: 40, limit: null } })];
    seconds = 6 * 60;
    await openWith("w1");
    await until(() => expect(spaceSelect()?.value).toBe("w1"));
    await until(() => expect(submit()?.disabled).toBe(false));
    expect(usage()).toBeNull();
    expect(limits()).toBeNull();
    expect(row()?.dataset.overLimit).toBeUndefined();
  });

  test("a FREE team at its limit holds the upload, and names the owner who can lift it", async () => {
    workspaces = [fakeWorkspace({ id: "w1", name: "Research", usage: { used: 3, limit: 3 } })];
    await openWith("w1");
    await until(() => expect(limits()).toContain("used up"));
    expect(submit()?.disabled).toBe(true);
    expect(usage()).toBe(
      "Research: 3 of 3 free transcriptions used this month · ask Olga Owner, its owner, to upgrade it to Pro for unlimited transcriptions",
    );
    expect(limits()).toContain("Only Olga Owner, the workspace's owner, can upgrade it to Pro.");
    expect(document.querySelector('[data-testid="plan-limits"] a[href="/subscription"]')).toBeNull();
  });

  test("a FREE team with room takes the upload, though the caller's own month is used up", async () => {
    workspaces = [fakeWorkspace({ id: "w1", name: "Research", usage: { used: 1, limit: 3 } })];
    await openWith("w1");
    await until(() => expect(usage()).toBe("Research: 1 of 3 free transcriptions used this month"));
    expect(submit()?.disabled).toBe(false);
    expect(limits()).toBeNull();
  });

  test("a FREE team's owner is sent to the plans, which cover the team", async () => {
    workspaces = [fakeWorkspace({ id: "w1", role: "owner", ownerName: "Dana Reyes", usage: { used: 3, limit: 3 } })];
    await openWith("w1");
    await until(() => expect(limits()).toContain("used up"));
    expect(document.querySelector('[data-testid="plan-limits"] a[href="/subscription"]')?.textContent).toBe(
      "Upgrade to Pro",
    );
  });

  test("a FREE team marks a recording over the Free plan's length, with who can lift it", async () => {
    workspaces = [fakeWorkspace({ id: "w1", usage: { used: 0, limit: 3 } })];
    seconds = 6 * 60;
    await openWith("w1");
    await until(() => expect(row()?.dataset.overLimit).toBe("true"));
    expect(row()?.querySelector('[data-testid="over-length"]')?.textContent).toContain("Only Olga Owner");
    expect(submit()?.disabled).toBe(true);
  });

  test("choosing the personal space instead checks the caller's own plan", async () => {
    workspaces = [fakeWorkspace({ id: "w1", plan: "PRO", usage: { used: 0, limit: null } })];
    await openWith("w1");
    await until(() => expect(submit()?.disabled).toBe(false));
    const select = spaceSelect();
    if (!select) throw new Error("no space select");
    await act(async () => {
      select.value = "";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await until(() => expect(usage()).toContain("3 of 3 free transcriptions used this month"));
    expect(usage()).not.toContain("Research");
    expect(limits()).toContain("used up");
    expect(submit()?.disabled).toBe(true);
  });
});

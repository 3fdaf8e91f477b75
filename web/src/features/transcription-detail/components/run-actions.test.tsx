import type { PlanUsage } from "@verbatim/shared/subscription";
import { describe, expect, test, vi } from "vitest";
import {
  appHarness,
  button,
  click,
  FAKE_USER,
  jsonAnswer,
  noFakeAnswer,
  openDialog,
  until,
  wait,
} from "@/test-support/app-harness";
import { fakeTranscription, fakeWorkspace } from "../../../../e2e/support/fake-answers";
import { RunActions } from "./run-actions";

// Running recognition again uses one of the Free plan's transcriptions, whichever button starts it: "Try again" on
// a failed recording says so before it runs, in the same words and the same dialog as "Reprocess…".

const REFUSAL =
  "The Free plan includes 3 transcriptions a month, and this month's are used up. Upgrade to Pro for unlimited transcriptions: /subscription";

let usage: PlanUsage;
/** Bodies of POST …/reprocess, in order. */
let reprocessed: unknown[];
let refuseReprocess: boolean;

async function fakeApi(request: Request) {
  const path = new URL(request.url).pathname;
  if (path === "/api/user") return jsonAnswer(FAKE_USER);
  if (path === "/api/session") return jsonAnswer({ user: FAKE_USER });
  if (path === "/api/subscription")
    return jsonAnswer({ plan: usage.limit === null ? "PRO" : "FREE", status: "active", usage, prices: null });
  if (path === "/api/workspaces")
    return jsonAnswer({ workspaces: [fakeWorkspace({ id: "w1", plan: "PRO", usage: { used: 9, limit: null } })] });
  if (path === "/api/transcriptions/t1/reprocess") {
    reprocessed.push(await request.json().catch(() => ({})));
    if (refuseReprocess) return jsonAnswer({ message: REFUSAL }, 402);
    return jsonAnswer(fakeTranscription({ id: "t1", status: "REPROCESSING" }));
  }
  return noFakeAnswer(request);
}

const app = appHarness(fakeApi, () => {
  usage = { used: 1, limit: 3 };
  reprocessed = [];
  refuseReprocess = false;
});

/** A failed transcription in `space` (null: personal), once its plan is known. */
async function mountFailed(space: string | null = null) {
  await app.mount(() => (
    <RunActions
      transcription={fakeTranscription({ id: "t1", status: "FAILED", text: null, workspace_id: space })}
      online
    />
  ));
  // The plan is known before the user acts.
  const planPath = space === null ? "/api/subscription" : "/api/workspaces";
  await until(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).endsWith(planPath))).toBe(true));
  await wait(20);
}

describe("Try again on a failed recording", () => {
  test("on the Free plan, says it uses one of the month's transcriptions before it runs", async () => {
    await mountFailed();
    await click(button("Try again"));
    await until(() =>
      expect(openDialog()?.textContent).toContain(
        "Trying again uses one of your 3 free transcriptions this month (2 left).",
      ),
    );
    expect(reprocessed).toEqual([]);

    await click(button("Try again", openDialog() as HTMLElement));
    await until(() => expect(reprocessed).toHaveLength(1));
    await until(() => expect(openDialog()).toBeNull());
    expect(document.body.textContent).toContain("Transcribing again");
  });

  test("with none left, says so and offers the upgrade instead of running", async () => {
    usage = { used: 3, limit: 3 };
    await mountFailed();
    await click(button("Try again"));
    await until(() =>
      expect(openDialog()?.textContent).toContain(
        "Trying again uses a transcription, and this month's 3 free ones are used up.",
      ),
    );
    expect(button("Try again", openDialog() as HTMLElement)?.disabled).toBe(true);
    expect(openDialog()?.querySelector('a[href="/subscription"]')?.textContent).toBe("Upgrade to Pro");
  });

  test("Reprocess… says it the same way", async () => {
    await mountFailed();
    await click(button("Reprocess…"));
    await until(() =>
      expect(openDialog()?.textContent).toContain(
        "Reprocessing uses one of your 3 free transcriptions this month (2 left).",
      ),
    );
  });

  test("refused, the dialog says it could not start, and why", async () => {
    refuseReprocess = true;
    await mountFailed();
    await click(button("Try again"));
    await until(() => expect(openDialog()).not.toBeNull());
    await click(button("Try again", openDialog() as HTMLElement));
    await until(() =>
      expect(openDialog()?.querySelector('[role="alert"]')?.textContent).toContain("Could not start again"),
    );
    expect(openDialog()?.querySelector('[role="alert"]')?.textContent).toContain("this month's are used up");
  });

  test("a refused reprocess is titled 'Could not reprocess'", async () => {
    refuseReprocess = true;
    await mountFailed();
    await click(button("Reprocess…"));
    await until(() => expect(openDialog()).not.toBeNull());
    await click(button("Reprocess", openDialog() as HTMLElement));
    await until(() =>
      expect(openDialog()?.querySelector('[role="alert"]')?.textContent).toContain("Could not reprocess"),
    );
  });

  test("in a PRO team it runs at once, though the caller's own Free month is used up", async () => {
    usage = { used: 3, limit: 3 };
    await mountFailed("w1");
    await click(button("Try again"));
    await until(() => expect(reprocessed).toHaveLength(1));
    expect(openDialog()).toBeNull();
  });

  test("on Pro, with nothing to count, it runs at once", async () => {
    usage = { used: 12, limit: null };
    await mountFailed();
    await click(button("Try again"));
    await until(() => expect(reprocessed).toHaveLength(1));
    expect(openDialog()).toBeNull();
  });
});

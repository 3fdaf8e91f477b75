import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import type { PlanUsage } from "@verbatim/shared/subscription";
import type { PublicUser } from "@verbatim/shared/user";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { Toaster } from "@/components/ui/toast";
import { AuthProvider } from "@/entities/session/use-auth";
import { I18nProvider, setLocale } from "@/lib/i18n";
import { fakeTranscription } from "../../../../e2e/support/fake-answers";
import { RunActions } from "./run-actions";

// Running recognition again uses one of the Free plan's transcriptions, whichever button starts it: "Try again" on
// a failed recording says so before it runs, in the same words and the same dialog as "Reprocess…".

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const USER: PublicUser = {
  id: "u1",
  username: "dana",
  email: "dana@example.com",
  full_name: "Dana Reyes",
  profile_picture: null,
  company: null,
  job_title: null,
  bio: null,
  subscription_plan: "FREE",
  subscription_status: "active",
  subscription_end_date: null,
  google_connected: false,
  google_profile_email: null,
  google_profile_name: null,
  google_profile_picture: null,
  created_at: "2026-01-01T00:00:00.000Z",
};

const REFUSAL =
  "The Free plan includes 3 transcriptions a month, and this month's are used up. Upgrade to Pro for unlimited transcriptions: /subscription";

let usage: PlanUsage;
/** Bodies of POST …/reprocess, in order. */
let reprocessed: unknown[];
let refuseReprocess: boolean;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

async function fakeApi(input: RequestInfo | URL, init?: RequestInit) {
  const request = new Request(input, init);
  const path = new URL(request.url).pathname;
  if (path === "/api/user") return json(USER);
  if (path === "/api/session") return json({ user: USER });
  if (path === "/api/subscription")
    return json({ plan: usage.limit === null ? "PRO" : "FREE", status: "active", usage, prices: null });
  if (path === "/api/transcriptions/t1/reprocess") {
    reprocessed.push(await request.json().catch(() => ({})));
    if (refuseReprocess) return json({ message: REFUSAL }, 402);
    return json(fakeTranscription({ id: "t1", status: "REPROCESSING" }));
  }
  return json({ message: `No fake answer for ${request.method} ${path}` }, 404);
}

let root: Root;
let host: HTMLElement;

async function mountFailed() {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
  });
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: "/",
    component: () => (
      <RunActions transcription={fakeTranscription({ id: "t1", status: "FAILED", text: null })} online />
    ),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      <I18nProvider>
        <QueryClientProvider client={queryClient}>
          <AuthProvider onSignedOut={() => undefined}>
            <RouterProvider router={router as never} />
          </AuthProvider>
        </QueryClientProvider>
      </I18nProvider>,
    );
  });
  // The plan is known before the user acts.
  await until(() =>
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).endsWith("/api/subscription"))).toBe(true),
  );
  await wait(20);
}

const wait = (ms: number) =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });

async function until(check: () => void) {
  await vi.waitFor(
    async () => {
      await wait(10);
      check();
    },
    { timeout: 5000 },
  );
}

const dialog = () => document.querySelector("dialog[open]");
const button = (name: string, within: ParentNode = document) =>
  [...within.querySelectorAll("button")].find((b) => b.textContent?.trim() === name);

async function click(element: HTMLElement | undefined) {
  if (!element) throw new Error("nothing to click");
  await act(async () => element.click());
}

beforeEach(async () => {
  usage = { used: 1, limit: 3 };
  reprocessed = [];
  refuseReprocess = false;
  vi.stubGlobal("fetch", vi.fn(fakeApi));
  await setLocale("en");
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

describe("Try again on a failed recording", () => {
  test("on the Free plan, says it uses one of the month's transcriptions before it runs", async () => {
    await mountFailed();
    await click(button("Try again"));
    await until(() =>
      expect(dialog()?.textContent).toContain(
        "Trying again uses one of your 3 free transcriptions this month (2 left).",
      ),
    );
    expect(reprocessed).toEqual([]);

    await click(button("Try again", dialog() as HTMLElement));
    await until(() => expect(reprocessed).toHaveLength(1));
    await until(() => expect(dialog()).toBeNull());
    expect(document.body.textContent).toContain("Transcribing again");
  });

  test("with none left, says so and offers the upgrade instead of running", async () => {
    usage = { used: 3, limit: 3 };
    await mountFailed();
    await click(button("Try again"));
    await until(() =>
      expect(dialog()?.textContent).toContain(
        "Trying again uses a transcription, and this month's 3 free ones are used up.",
      ),
    );
    expect(button("Try again", dialog() as HTMLElement)?.disabled).toBe(true);
    expect(dialog()?.querySelector('a[href="/subscription"]')?.textContent).toBe("Upgrade to Pro");
  });

  test("Reprocess… says it the same way", async () => {
    await mountFailed();
    await click(button("Reprocess…"));
    await until(() =>
      expect(dialog()?.textContent).toContain(
        "Reprocessing uses one of your 3 free transcriptions this month (2 left).",
      ),
    );
  });

  test("refused, the dialog says it could not start, and why", async () => {
    refuseReprocess = true;
    await mountFailed();
    await click(button("Try again"));
    await until(() => expect(dialog()).not.toBeNull());
    await click(button("Try again", dialog() as HTMLElement));
    await until(() =>
      expect(dialog()?.querySelector('[role="alert"]')?.textContent).toContain("Could not start again"),
    );
    expect(dialog()?.querySelector('[role="alert"]')?.textContent).toContain("this month's are used up");
  });

  test("a refused reprocess is titled 'Could not reprocess'", async () => {
    refuseReprocess = true;
    await mountFailed();
    await click(button("Reprocess…"));
    await until(() => expect(dialog()).not.toBeNull());
    await click(button("Reprocess", dialog() as HTMLElement));
    await until(() => expect(dialog()?.querySelector('[role="alert"]')?.textContent).toContain("Could not reprocess"));
  });

  test("on Pro, with nothing to count, it runs at once", async () => {
    usage = { used: 12, limit: null };
    await mountFailed();
    await click(button("Try again"));
    await until(() => expect(reprocessed).toHaveLength(1));
    expect(dialog()).toBeNull();
  });
});

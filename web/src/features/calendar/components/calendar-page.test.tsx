import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import type { Meeting } from "@verbatim/shared/google";
import { DEFAULT_PREFERENCES, type Preferences, type TimezonePreferences } from "@verbatim/shared/preferences";
import type { PublicUser } from "@verbatim/shared/user";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { Toaster } from "@/components/ui/toast";
import { AuthProvider } from "@/entities/session/use-auth";
import { I18nProvider, setLocale } from "@/lib/i18n";
import { CalendarPage } from "./calendar-page";

// Settings › Timezone drives the calendar as it does every other date on screen: its grid, its days and the times
// it writes are those of the chosen zone, not of the browser (these tests run in New York: vitest.config.ts).

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
  google_connected: true,
  google_profile_email: "dana@example.com",
  google_profile_name: null,
  google_profile_picture: null,
  created_at: "2026-01-01T00:00:00.000Z",
};

/** Wednesday 4 March 2026, 12:00 UTC: 07:00 in New York, 21:00 in Tokyo. */
const NOW = new Date("2026-03-04T12:00:00.000Z");

/** 20:15–21:00 UTC: 15:15 on the 4th in New York, 05:15 on the 5th in Tokyo, 12:15 PM on the 4th in Los Angeles. */
const REVIEW: Meeting = {
  id: "m1",
  summary: "Design review",
  start: { dateTime: "2026-03-04T20:15:00.000Z" },
  end: { dateTime: "2026-03-04T21:00:00.000Z" },
};

let preferences: Preferences;
let posted: unknown[];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

async function fakeApi(input: RequestInfo | URL, init?: RequestInit) {
  const request = new Request(input, init);
  const path = new URL(request.url).pathname;
  if (path === "/api/user") return json(USER);
  if (path === "/api/session") return json({ user: USER });
  if (path === "/api/user/preferences") return json(preferences);
  if (path === "/api/google/status") return json({ connected: true, profile: { email: USER.email }, message: null });
  if (path === "/api/meetings" && request.method === "POST") {
    posted.push(await request.json());
    return json({ id: "new", meetLink: null }, 201);
  }
  if (path === "/api/meetings") return json([REVIEW]);
  return json({ message: `No fake answer for ${request.method} ${path}` }, 404);
}

let root: Root;
let host: HTMLElement;

async function mountCalendar(timezone: Partial<TimezonePreferences>) {
  preferences.timezone = { ...preferences.timezone, autoDetect: false, ...timezone };
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
    component: () => <CalendarPage error={undefined} />,
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
}

/** Waits until `check` passes, re-rendering as the queries answer. */
async function until(check: () => void) {
  await vi.waitFor(
    async () => {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
      check();
    },
    { timeout: 5000 },
  );
}

/** The month view's cell of a day ("2026-03-05"). */
const cell = (day: string) => host.querySelector(`time[datetime="${day}"]`)?.closest("td");

/** The button whose text is `name`, or ends with it (a meeting's button starts with its time). */
const button = (name: string) =>
  [...host.ownerDocument.querySelectorAll("button")].find((b) => b.textContent?.trim().endsWith(name));

async function input(element: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  preferences = structuredClone(DEFAULT_PREFERENCES);
  posted = [];
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
  vi.useRealTimers();
});

describe("the calendar in the time zone chosen in Settings › Timezone", () => {
  test.each([
    ["Asia/Tokyo", "24h", "2026-03-05", "05:15 Design review", "2026-03-04"],
    ["America/Los_Angeles", "12h", "2026-03-04", "12:15 PM Design review", "2026-03-05"],
  ] as const)("in %s (%s) the meeting is on %s, at its time there", async (timezone, timeFormat, day, chip, other) => {
    await mountCalendar({ timezone, timeFormat });
    await until(() => expect(cell(day)?.textContent).toContain(chip));
    expect(cell(other)?.textContent).not.toContain("Design review");
    // New York, the browser's zone, would say 15:15 / 3:15 PM.
    expect(host.textContent).not.toMatch(/3:15/);
  });

  test("the list and the meeting's details say the zone's day and times", async () => {
    await mountCalendar({ timezone: "Asia/Tokyo", timeFormat: "24h" });
    await until(() => expect(cell("2026-03-05")).toBeTruthy());
    const list = host.querySelector<HTMLInputElement>('input[type="radio"][value="list"]');
    await act(async () => list?.click());
    await until(() => expect(host.textContent).toContain("Thursday, March 5, 2026"));
    expect(host.textContent).toContain("05:15 – 06:00");

    await act(async () => button("Design review")?.click());
    await until(() =>
      expect(host.ownerDocument.querySelector("dialog[open]")?.textContent).toContain(
        "Thursday, March 5, 2026 · 05:15 – 06:00",
      ),
    );
  });

  test("a new meeting starts in that zone, and its times are read on that zone's clock", async () => {
    await mountCalendar({ timezone: "Asia/Tokyo", timeFormat: "24h" });
    await until(() => expect(button("New Meeting")?.disabled).toBe(false));
    await act(async () => button("New Meeting")?.click());
    const dialog = host.ownerDocument.querySelector("dialog[open]") as HTMLDialogElement;
    const field = (name: string) => dialog.querySelector(`[name="${name}"]`) as HTMLInputElement;
    // 21:00 in Tokyo: the next half hour there.
    expect(field("startTime").value).toBe("2026-03-04T21:30");
    expect(field("endTime").value).toBe("2026-03-04T22:30");
    expect(field("timezone").value).toBe("Asia/Tokyo");

    await input(field("summary"), "Roadmap");
    await act(async () => button("Create Meeting")?.click());
    await until(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      startTime: "2026-03-04T12:30:00.000Z",
      endTime: "2026-03-04T13:30:00.000Z",
      timezone: "Asia/Tokyo",
    });
  });
});

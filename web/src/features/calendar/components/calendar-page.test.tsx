import type { Meeting } from "@verbatim/shared/google";
import { DEFAULT_PREFERENCES, type Preferences, type TimezonePreferences } from "@verbatim/shared/preferences";
import { act } from "react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { appHarness, FAKE_USER, jsonAnswer, noFakeAnswer, type, until } from "@/test-support/app-harness";
import { CalendarPage } from "./calendar-page";

// Settings › Timezone drives the calendar as it does every other date on screen: its grid, its days and the times
// it writes are those of the chosen zone, not of the browser (these tests run in New York: vitest.config.ts).

const USER = { ...FAKE_USER, google_connected: true, google_profile_email: "dana@example.com" };

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

async function fakeApi(request: Request) {
  const path = new URL(request.url).pathname;
  if (path === "/api/user") return jsonAnswer(USER);
  if (path === "/api/session") return jsonAnswer({ user: USER });
  if (path === "/api/user/preferences") return jsonAnswer(preferences);
  if (path === "/api/google/status")
    return jsonAnswer({ connected: true, profile: { email: USER.email }, message: null });
  if (path === "/api/meetings" && request.method === "POST") {
    posted.push(await request.json());
    return jsonAnswer({ id: "new", meetLink: null }, 201);
  }
  if (path === "/api/meetings") return jsonAnswer([REVIEW]);
  return noFakeAnswer(request);
}

const app = appHarness(fakeApi, () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  preferences = structuredClone(DEFAULT_PREFERENCES);
  posted = [];
});
afterEach(() => vi.useRealTimers());

async function mountCalendar(timezone: Partial<TimezonePreferences>) {
  preferences.timezone = { ...preferences.timezone, autoDetect: false, ...timezone };
  await app.mount(() => <CalendarPage error={undefined} />);
}

/** The month view's cell of a day ("2026-03-05"). */
const cell = (day: string) => app.host.querySelector(`time[datetime="${day}"]`)?.closest("td");

/** The button whose text is `name`, or ends with it (a meeting's button starts with its time). */
const button = (name: string) =>
  [...app.host.ownerDocument.querySelectorAll("button")].find((b) => b.textContent?.trim().endsWith(name));

describe("the calendar in the time zone chosen in Settings › Timezone", () => {
  test.each([
    ["Asia/Tokyo", "24h", "2026-03-05", "05:15 Design review", "2026-03-04"],
    ["America/Los_Angeles", "12h", "2026-03-04", "12:15 PM Design review", "2026-03-05"],
  ] as const)("in %s (%s) the meeting is on %s, at its time there", async (timezone, timeFormat, day, chip, other) => {
    await mountCalendar({ timezone, timeFormat });
    await until(() => expect(cell(day)?.textContent).toContain(chip));
    expect(cell(other)?.textContent).not.toContain("Design review");
    // New York, the browser's zone, would say 15:15 / 3:15 PM.
    expect(app.host.textContent).not.toMatch(/3:15/);
  });

  test("the list and the meeting's details say the zone's day and times", async () => {
    await mountCalendar({ timezone: "Asia/Tokyo", timeFormat: "24h" });
    await until(() => expect(cell("2026-03-05")).toBeTruthy());
    const list = app.host.querySelector<HTMLInputElement>('input[type="radio"][value="list"]');
    await act(async () => list?.click());
    await until(() => expect(app.host.textContent).toContain("Thursday, March 5, 2026"));
    expect(app.host.textContent).toContain("05:15 – 06:00");

    await act(async () => button("Design review")?.click());
    await until(() =>
      expect(app.host.ownerDocument.querySelector("dialog[open]")?.textContent).toContain(
        "Thursday, March 5, 2026 · 05:15 – 06:00",
      ),
    );
  });

  test("a new meeting starts in that zone, and its times are read on that zone's clock", async () => {
    await mountCalendar({ timezone: "Asia/Tokyo", timeFormat: "24h" });
    await until(() => expect(button("New Meeting")?.disabled).toBe(false));
    await act(async () => button("New Meeting")?.click());
    const dialog = app.host.ownerDocument.querySelector("dialog[open]") as HTMLDialogElement;
    const field = (name: string) => dialog.querySelector(`[name="${name}"]`) as HTMLInputElement;
    // 21:00 in Tokyo: the next half hour there.
    expect(field("startTime").value).toBe("2026-03-04T21:30");
    expect(field("endTime").value).toBe("2026-03-04T22:30");
    expect(field("timezone").value).toBe("Asia/Tokyo");

    await type(field("summary"), "Roadmap");
    await act(async () => button("Create Meeting")?.click());
    await until(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      startTime: "2026-03-04T12:30:00.000Z",
      endTime: "2026-03-04T13:30:00.000Z",
      timezone: "Asia/Tokyo",
    });
  });
});

import { describe, expect, test } from "vitest";
import {
  addDays,
  hourLabel,
  localDateKey,
  monthGrid,
  nextHalfHour,
  rangeLabel,
  shift,
  startOfWeek,
  toLocalInput,
  visibleRange,
} from "./dates";

// vitest.config.ts runs these in America/New_York, where 2026-03-08 has 23 hours and 2026-11-01 has 25.

describe("calendar dates", () => {
  test("the month grid is whole weeks, Sunday first, with the neighbouring months' days", () => {
    const weeks = monthGrid(new Date(2026, 3, 15)); // April 2026 starts on a Wednesday
    expect(weeks).toHaveLength(5);
    expect(weeks.every((week) => week.length === 7 && week[0]?.getDay() === 0)).toBe(true);
    expect(localDateKey(weeks[0]?.[0] as Date)).toBe("2026-03-29");
    expect(localDateKey(weeks[4]?.[6] as Date)).toBe("2026-05-02");
    // February 2026 starts on a Sunday and fills exactly four weeks.
    expect(monthGrid(new Date(2026, 1, 10))).toHaveLength(4);
  });

  test("a day later keeps the clock time across a daylight-saving change", () => {
    const before = new Date(2026, 2, 7, 10, 30);
    const after = addDays(before, 1);
    expect(toLocalInput(after)).toBe("2026-03-08T10:30");
    expect(after.getTime() - before.getTime()).toBe(23 * 60 * 60 * 1000);
    expect(toLocalInput(addDays(new Date(2026, 9, 31, 9, 0), 1))).toBe("2026-11-01T09:00");
  });

  test("the week view's range is Sunday to Sunday, seven local days even when one is short", () => {
    const { start, end } = visibleRange("calendar", "week", new Date(2026, 2, 11));
    expect(localDateKey(start)).toBe("2026-03-08");
    expect(localDateKey(end)).toBe("2026-03-15");
    expect(start.getHours()).toBe(0);
    expect(end.getHours()).toBe(0);
  });

  test("the month view fetches exactly the days its grid shows; the list the next 30 days", () => {
    const { start, end } = visibleRange("calendar", "month", new Date(2026, 3, 15));
    expect(localDateKey(start)).toBe("2026-03-29");
    expect(localDateKey(end)).toBe("2026-05-03");
    const now = new Date(2026, 2, 1, 14, 0);
    const list = visibleRange("list", "month", new Date(2020, 0, 1), now);
    expect(list.start).toBe(now);
    expect(localDateKey(list.end)).toBe("2026-03-31");
  });

  test("moving back and forward by month, week and day", () => {
    expect(localDateKey(shift("month", new Date(2026, 0, 31), 1))).toBe("2026-02-01");
    expect(localDateKey(shift("week", new Date(2026, 2, 4), -1))).toBe("2026-02-25");
    expect(localDateKey(shift("day", new Date(2026, 11, 31), 1))).toBe("2027-01-01");
    expect(localDateKey(startOfWeek(new Date(2026, 0, 1)))).toBe("2025-12-28");
  });

  test("labels: hours in 12- and 24-hour clocks, a week across two months", () => {
    expect([hourLabel(0, true), hourLabel(12, true), hourLabel(17, true), hourLabel(8, false)]).toEqual([
      "12 AM",
      "12 PM",
      "5 PM",
      "08:00",
    ]);
    expect(rangeLabel("week", new Date(2026, 3, 1))).toBe("Mar 29 – Apr 4, 2026");
    expect(rangeLabel("week", new Date(2026, 3, 15))).toBe("Apr 12 – 18, 2026");
  });

  test("a new meeting starts at the next half hour", () => {
    expect(toLocalInput(nextHalfHour(new Date(2026, 4, 5, 9, 10, 42)))).toBe("2026-05-05T09:30");
    expect(toLocalInput(nextHalfHour(new Date(2026, 4, 5, 9, 30)))).toBe("2026-05-05T10:00");
    expect(toLocalInput(nextHalfHour(new Date(2026, 4, 5, 23, 45)))).toBe("2026-05-06T00:00");
  });
});

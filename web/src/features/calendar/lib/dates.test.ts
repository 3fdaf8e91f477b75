import { describe, expect, test } from "vitest";
import {
  addDays,
  dateKey,
  fromInputValue,
  hourLabel,
  monthGrid,
  nextHalfHour,
  rangeLabel,
  shift,
  startOfDay,
  startOfWeek,
  toInputValue,
  visibleRange,
} from "./dates";
import { wallTime } from "./zoned";

// New York, where 2026-03-08 has 23 hours and 2026-11-01 has 25, is also the zone vitest.config.ts runs these in;
// the other zones show the calendar keeps to the zone it is given, not the browser's.
const NY = "America/New_York";
const STOCKHOLM = "Europe/Stockholm";
const TOKYO = "Asia/Tokyo";

/** The moment a clock in `zone` shows "2026-03-04T14:30". */
const at = (value: string, zone = NY) => fromInputValue(value, zone);

describe("calendar dates", () => {
  test("the month grid is whole weeks, Sunday first, with the neighbouring months' days", () => {
    const weeks = monthGrid(at("2026-04-15T12:00"), NY); // April 2026 starts on a Wednesday
    expect(weeks).toHaveLength(5);
    expect(weeks.every((week) => week.length === 7 && wallTime(week[0] as Date, NY).weekday === 0)).toBe(true);
    expect(dateKey(weeks[0]?.[0] as Date, NY)).toBe("2026-03-29");
    expect(dateKey(weeks[4]?.[6] as Date, NY)).toBe("2026-05-02");
    // February 2026 starts on a Sunday and fills exactly four weeks.
    expect(monthGrid(at("2026-02-10T12:00"), NY)).toHaveLength(4);
  });

  test("a day later keeps the clock time across a daylight-saving change", () => {
    const before = at("2026-03-07T10:30");
    const after = addDays(before, 1, NY);
    expect(toInputValue(after, NY)).toBe("2026-03-08T10:30");
    expect(after.getTime() - before.getTime()).toBe(23 * 60 * 60 * 1000);
    expect(toInputValue(addDays(at("2026-10-31T09:00"), 1, NY), NY)).toBe("2026-11-01T09:00");
  });

  test("the week view's range is Sunday to Sunday, seven days even when one is short", () => {
    const { start, end } = visibleRange("calendar", "week", at("2026-03-11T12:00"), NY);
    expect(toInputValue(start, NY)).toBe("2026-03-08T00:00");
    expect(toInputValue(end, NY)).toBe("2026-03-15T00:00");
  });

  test("the month view fetches exactly the days its grid shows; the list the next 30 days", () => {
    const { start, end } = visibleRange("calendar", "month", at("2026-04-15T12:00"), NY);
    expect(dateKey(start, NY)).toBe("2026-03-29");
    expect(dateKey(end, NY)).toBe("2026-05-03");
    const now = at("2026-03-01T14:00");
    const list = visibleRange("list", "month", at("2020-01-01T00:00"), NY, now);
    expect(list.start).toBe(now);
    expect(dateKey(list.end, NY)).toBe("2026-03-31");
  });

  test("moving back and forward by month, week and day", () => {
    expect(dateKey(shift("month", at("2026-01-31T12:00"), 1, NY), NY)).toBe("2026-02-01");
    expect(dateKey(shift("week", at("2026-03-04T12:00"), -1, NY), NY)).toBe("2026-02-25");
    expect(dateKey(shift("day", at("2026-12-31T12:00"), 1, NY), NY)).toBe("2027-01-01");
    expect(dateKey(startOfWeek(at("2026-01-01T12:00"), NY), NY)).toBe("2025-12-28");
  });

  test("labels: hours in 12- and 24-hour clocks, a week across two months", () => {
    expect([hourLabel(0, true), hourLabel(12, true), hourLabel(17, true), hourLabel(8, false)]).toEqual([
      "12 AM",
      "12 PM",
      "5 PM",
      "08:00",
    ]);
    expect(rangeLabel("week", at("2026-04-01T12:00"), NY)).toBe("Mar 29 – Apr 4, 2026");
    expect(rangeLabel("week", at("2026-04-15T12:00"), NY)).toBe("Apr 12 – 18, 2026");
  });

  test("a new meeting starts at the next half hour", () => {
    const next = (now: string, zone = NY) =>
      toInputValue(nextHalfHour(zone, new Date(at(now, zone).getTime() + 42_000)), zone);
    expect(next("2026-05-05T09:10")).toBe("2026-05-05T09:30");
    expect(next("2026-05-05T09:30")).toBe("2026-05-05T10:00");
    expect(next("2026-05-05T23:45")).toBe("2026-05-06T00:00");
    // Nepal is 5:45 ahead of UTC: its half hours are not UTC's.
    expect(next("2026-05-05T09:10", "Asia/Kathmandu")).toBe("2026-05-05T09:30");
  });
});

describe("the calendar in a zone other than the browser's", () => {
  test("days start at midnight on the zone's clock", () => {
    // 04:30 in New York on 4 March is 18:30 the same day in Tokyo, whose midnight was 10:00 the day before in New York.
    const moment = at("2026-03-04T04:30");
    expect(dateKey(moment, TOKYO)).toBe("2026-03-04");
    expect(startOfDay(moment, TOKYO).toISOString()).toBe("2026-03-03T15:00:00.000Z");
    // 22:30 in New York is already the next day in Tokyo.
    expect(dateKey(at("2026-03-04T22:30"), TOKYO)).toBe("2026-03-05");
  });

  test("a week of Stockholm days across its own daylight-saving change (29 March), not New York's", () => {
    const { start, end } = visibleRange("calendar", "week", fromInputValue("2026-03-30T12:00", STOCKHOLM), STOCKHOLM);
    expect(toInputValue(start, STOCKHOLM)).toBe("2026-03-29T00:00");
    expect(toInputValue(end, STOCKHOLM)).toBe("2026-04-05T00:00");
    expect(start.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(end.toISOString()).toBe("2026-04-04T22:00:00.000Z");
    expect(rangeLabel("day", start, STOCKHOLM)).toBe("Sunday, March 29, 2026");
  });

  test("a time the clocks skip is read as just after the skip; a time they show twice, as the first", () => {
    // Stockholm skips 02:00–03:00 on 29 March; New York shows 01:00–02:00 twice on 1 November.
    expect(toInputValue(fromInputValue("2026-03-29T02:30", STOCKHOLM), STOCKHOLM)).toBe("2026-03-29T03:30");
    expect(fromInputValue("2026-11-01T01:30", NY).toISOString()).toBe("2026-11-01T05:30:00.000Z");
    // Santiago skips midnight on 6 September: that day starts at 01:00.
    expect(
      toInputValue(
        startOfDay(fromInputValue("2026-09-06T12:00", "America/Santiago"), "America/Santiago"),
        "America/Santiago",
      ),
    ).toBe("2026-09-06T01:00");
  });
});

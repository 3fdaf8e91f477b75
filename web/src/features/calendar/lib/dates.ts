import { clockOptions } from "@/lib/format";
import { intlLocale } from "@/lib/i18n";
import { fromWallTime, wallTime } from "./zoned";

// Calendar arithmetic on the clock of one time zone, the user's (Settings › Timezone): the grid, the ranges
// fetched and the times shown all use it, so an event always lands in the cell whose times it displays. Days are
// the moments they start there. Labels are written in the interface's language (lib/i18n) unless a locale is passed.

/** Intl's thin and narrow no-break spaces as plain spaces (copying, searching and tests expect those). */
const plainSpaces = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, " ");

export type CalendarView = "month" | "week" | "day";
export type DisplayMode = "calendar" | "list";

export function startOfDay(d: Date, timeZone: string) {
  const { year, month, day } = wallTime(d, timeZone);
  return fromWallTime({ year, month, day }, timeZone);
}

/** The same clock time `n` days later, however long the days in between are. */
export function addDays(d: Date, n: number, timeZone: string) {
  const w = wallTime(d, timeZone);
  return fromWallTime({ ...w, day: w.day + n }, timeZone);
}

/** The first day of the month `n` months later. */
export function addMonths(d: Date, n: number, timeZone: string) {
  const { year, month } = wallTime(d, timeZone);
  return fromWallTime({ year, month: month + n, day: 1 }, timeZone);
}

const startOfMonth = (d: Date, timeZone: string) => addMonths(d, 0, timeZone);
/** Weeks run Sunday to Saturday. */
export const startOfWeek = (d: Date, timeZone: string) =>
  addDays(startOfDay(d, timeZone), -wallTime(d, timeZone).weekday, timeZone);
export const sameDay = (a: Date, b: Date, timeZone: string) => dateKey(a, timeZone) === dateKey(b, timeZone);
/** The day of the month (1–31). */
export const dayOfMonth = (d: Date, timeZone: string) => wallTime(d, timeZone).day;
export const sameMonth = (a: Date, b: Date, timeZone: string) =>
  dateKey(a, timeZone).slice(0, 7) === dateKey(b, timeZone).slice(0, 7);

/** [start, end) of a day. */
export function dayRange(day: Date, timeZone: string) {
  const start = startOfDay(day, timeZone);
  return { start, end: addDays(start, 1, timeZone) };
}

/** [start, end) of what a view shows; the month view includes the neighbouring days that fill its grid. */
export function visibleRange(mode: DisplayMode, view: CalendarView, anchor: Date, timeZone: string, now = new Date()) {
  if (mode === "list") return { start: now, end: addDays(startOfDay(now, timeZone), LIST_DAYS, timeZone) };
  if (view === "day") return dayRange(anchor, timeZone);
  if (view === "week") {
    const start = startOfWeek(anchor, timeZone);
    return { start, end: addDays(start, 7, timeZone) };
  }
  const weeks = monthGrid(anchor, timeZone);
  const last = weeks[weeks.length - 1]?.[6] ?? anchor;
  return { start: weeks[0]?.[0] ?? anchor, end: addDays(last, 1, timeZone) };
}

/** The list view shows what is coming up in the next 30 days. */
export const LIST_DAYS = 30;

/** The month as weeks of 7 days, Sunday first, padded with the neighbouring months' days. */
export function monthGrid(anchor: Date, timeZone: string): Date[][] {
  const first = startOfMonth(anchor, timeZone);
  const weeks: Date[][] = [];
  for (let day = startOfWeek(first, timeZone); weeks.length === 0 || sameMonth(day, first, timeZone); ) {
    const start = day;
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i, timeZone)));
    day = addDays(day, 7, timeZone);
  }
  return weeks;
}

export const weekDays = (anchor: Date, timeZone: string) =>
  Array.from({ length: 7 }, (_, i) => addDays(startOfWeek(anchor, timeZone), i, timeZone));

/** Moves one month, week or day back (-1) or forward (1). */
export function shift(view: CalendarView, anchor: Date, direction: -1 | 1, timeZone: string) {
  if (view === "month") return addMonths(anchor, direction, timeZone);
  return addDays(anchor, view === "week" ? 7 * direction : direction, timeZone);
}

/** Hours with their own row: week view 8 AM–5 PM, day view 8 AM–6 PM. */
export const hoursFor = (view: "week" | "day") => Array.from({ length: view === "week" ? 10 : 11 }, (_, i) => 8 + i);

/** "5 PM" ("5 p. m." in Spanish) on a 12-hour clock, "08:00" on a 24-hour one. */
export function hourLabel(hour: number, hour12: boolean, locale = intlLocale()) {
  if (!hour12) return `${String(hour).padStart(2, "0")}:00`;
  const options = { hour: "numeric", timeZone: "UTC", ...clockOptions(true) } as const;
  return plainSpaces(new Intl.DateTimeFormat(locale, options).format(Date.UTC(2000, 0, 1, hour)));
}

/** The heading of a view: "March 2026", "Wednesday, March 4, 2026", a week "Mar 29 – Apr 4, 2026". */
export function rangeLabel(view: CalendarView, anchor: Date, timeZone: string, locale = intlLocale()) {
  if (view === "month") return formatDate(anchor, { month: "long", year: "numeric" }, timeZone, locale);
  if (view === "day") return formatDayHeading(anchor, timeZone, locale);
  const first = startOfWeek(anchor, timeZone);
  const last = addDays(first, 6, timeZone);
  const options = { month: "short", day: "numeric", year: "numeric", timeZone } as const;
  return plainSpaces(new Intl.DateTimeFormat(locale, options).formatRange(first, last));
}

/** A date in the zone, in the interface's language, with the parts asked for. */
export const formatDate = (d: Date, options: Intl.DateTimeFormatOptions, timeZone: string, locale = intlLocale()) =>
  plainSpaces(new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(d));

export const formatDayHeading = (d: Date, timeZone: string, locale = intlLocale()) =>
  formatDate(d, { weekday: "long", month: "long", day: "numeric", year: "numeric" }, timeZone, locale);

/** A new meeting starts at the next half hour on the zone's clock. */
export function nextHalfHour(timeZone: string, now = new Date()) {
  const w = wallTime(now, timeZone);
  return fromWallTime({ ...w, minute: w.minute < 30 ? 30 : 60 }, timeZone);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The value a datetime-local input shows for a moment on the zone's clock ("2026-03-04T14:30"). */
export function toInputValue(d: Date, timeZone: string) {
  const { year, month, day, hour, minute } = wallTime(d, timeZone);
  return `${year}-${pad(month + 1)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

/** The moment a datetime-local value ("2026-03-04T14:30") means on the zone's clock. */
export function fromInputValue(value: string, timeZone: string) {
  const [year = 1970, month = 1, day = 1, hour = 0, minute = 0] = value.split(/[-T:]/).map(Number);
  return fromWallTime({ year, month: month - 1, day, hour, minute }, timeZone);
}

/** "2026-03-04": the day a moment falls on in the zone (toISOString would give the UTC date). */
export const dateKey = (d: Date, timeZone: string) => toInputValue(d, timeZone).slice(0, 10);

import { clockOptions } from "@/lib/format";
import { intlLocale } from "@/lib/i18n";

// Calendar arithmetic in the browser's local time: the grid, the ranges fetched and the times shown all use
// the same clock, so an event always lands in the cell whose times it displays. Labels are written in the
// interface's language (lib/i18n) unless a locale is passed.

/** Intl's thin and narrow no-break spaces as plain spaces (copying, searching and tests expect those). */
const plainSpaces = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, " ");

export type CalendarView = "month" | "week" | "day";
export type DisplayMode = "calendar" | "list";

export const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
export const addDays = (d: Date, n: number) =>
  new Date(d.getFullYear(), d.getMonth(), d.getDate() + n, d.getHours(), d.getMinutes());
export const addMonths = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth() + n, 1);
export const startOfMonth = (d: Date) => new Date(d.getFullYear(), d.getMonth(), 1);
/** Weeks run Sunday to Saturday. */
export const startOfWeek = (d: Date) => addDays(startOfDay(d), -d.getDay());
export const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** [start, end) of what a view shows; the month view includes the neighbouring days that fill its grid. */
export function visibleRange(mode: DisplayMode, view: CalendarView, anchor: Date, now = new Date()) {
  if (mode === "list") return { start: now, end: addDays(startOfDay(now), LIST_DAYS) };
  if (view === "day") return { start: startOfDay(anchor), end: addDays(startOfDay(anchor), 1) };
  if (view === "week") return { start: startOfWeek(anchor), end: addDays(startOfWeek(anchor), 7) };
  const weeks = monthGrid(anchor);
  const last = weeks[weeks.length - 1]?.[6] ?? anchor;
  return { start: weeks[0]?.[0] ?? anchor, end: addDays(last, 1) };
}

/** The list view shows what is coming up in the next 30 days. */
export const LIST_DAYS = 30;

/** The month as weeks of 7 days, Sunday first, padded with the neighbouring months' days. */
export function monthGrid(anchor: Date): Date[][] {
  const first = startOfMonth(anchor);
  const start = startOfWeek(first);
  const weeks: Date[][] = [];
  for (let day = start; weeks.length === 0 || day.getMonth() === first.getMonth(); ) {
    const week = Array.from({ length: 7 }, (_, i) => addDays(day, i));
    weeks.push(week);
    day = addDays(day, 7);
  }
  return weeks;
}

export const weekDays = (anchor: Date) => Array.from({ length: 7 }, (_, i) => addDays(startOfWeek(anchor), i));

/** Moves one month, week or day back (-1) or forward (1). */
export function shift(view: CalendarView, anchor: Date, direction: -1 | 1) {
  if (view === "month") return addMonths(anchor, direction);
  return addDays(anchor, view === "week" ? 7 * direction : direction);
}

/** Hours with their own row: week view 8 AM–5 PM, day view 8 AM–6 PM. */
export const hoursFor = (view: "week" | "day") => Array.from({ length: view === "week" ? 10 : 11 }, (_, i) => 8 + i);

/** "5 PM" ("5 p. m." in Spanish) on a 12-hour clock, "08:00" on a 24-hour one. */
export function hourLabel(hour: number, hour12: boolean, locale = intlLocale()) {
  if (!hour12) return `${String(hour).padStart(2, "0")}:00`;
  const options = { hour: "numeric", ...clockOptions(true) } as const;
  return plainSpaces(new Intl.DateTimeFormat(locale, options).format(new Date(2000, 0, 1, hour)));
}

/** The heading of a view: "March 2026", "Wednesday, March 4, 2026", a week "Mar 29 – Apr 4, 2026". */
export function rangeLabel(view: CalendarView, anchor: Date, locale = intlLocale()) {
  if (view === "month") return formatDate(anchor, { month: "long", year: "numeric" }, locale);
  if (view === "day") return formatDayHeading(anchor, locale);
  const [first, last] = [startOfWeek(anchor), addDays(startOfWeek(anchor), 6)];
  return plainSpaces(
    new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", year: "numeric" }).formatRange(first, last),
  );
}

/** A date in the interface's language with the parts asked for. */
export const formatDate = (d: Date, options: Intl.DateTimeFormatOptions, locale = intlLocale()) =>
  plainSpaces(new Intl.DateTimeFormat(locale, options).format(d));

export function formatTime(d: Date, hour12: boolean, locale = intlLocale()) {
  return formatDate(d, { hour: hour12 ? "numeric" : "2-digit", minute: "2-digit", ...clockOptions(hour12) }, locale);
}

export const formatDayHeading = (d: Date, locale = intlLocale()) =>
  formatDate(d, { weekday: "long", month: "long", day: "numeric", year: "numeric" }, locale);

/** A new meeting starts at the next half hour. */
export function nextHalfHour(now = new Date()) {
  const d = new Date(now);
  d.setSeconds(0, 0);
  d.setMinutes(d.getMinutes() < 30 ? 30 : 60);
  return d;
}

/** The value a datetime-local input expects ("2026-03-04T14:30"), in local time. */
export function toLocalInput(d: Date) {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "2026-03-04" for a local date (toISOString would give the UTC date, a day off east of Greenwich). */
export const localDateKey = (d: Date) => toLocalInput(d).slice(0, 10);

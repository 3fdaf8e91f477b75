// Wall-clock time in a named time zone, which Date cannot do by itself (its getters and setters know only UTC and
// the browser's zone): the calendar runs on the zone chosen in Settings › Timezone, wherever the browser is.

/** What a clock in the zone reads at a moment. `month` counts from 0 and `weekday` from Sunday, as Date's do. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const readers = new Map<string, Intl.DateTimeFormat>();

/** A formatter per zone (building one is the slow part), read only for its numbers, never shown. */
function readerFor(timeZone: string) {
  let reader = readers.get(timeZone);
  if (!reader) {
    // i18n-ignore: the numbers are read in code, in Latin digits whatever the interface's language.
    reader = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    readers.set(timeZone, reader);
  }
  return reader;
}

export function wallTime(at: Date, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const part of readerFor(timeZone).formatToParts(at)) parts[part.type] = part.value;
  const [year, month, day] = [Number(parts.year), Number(parts.month) - 1, Number(parts.day)];
  return {
    year,
    month,
    day,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: new Date(Date.UTC(year, month, day)).getUTCDay(),
  };
}

/** How far the zone's clock is ahead of UTC at a moment, in milliseconds. */
function offsetAt(at: number, timeZone: string) {
  const w = wallTime(new Date(at), timeZone);
  const wholeSecond = at - (((at % 1000) + 1000) % 1000);
  return Date.UTC(w.year, w.month, w.day, w.hour, w.minute, w.second) - wholeSecond;
}

/**
 * The moment a clock in the zone shows this date and time. Fields may run over, as with Date (day 32 is the
 * next month's 1st). A time the clock skips (moved forward) is read as the moment just after the skip; a time
 * it shows twice (moved back), as the first.
 */
export function fromWallTime(
  { year, month, day, hour = 0, minute = 0 }: Pick<WallTime, "year" | "month" | "day"> & Partial<WallTime>,
  timeZone: string,
): Date {
  const asIfUtc = Date.UTC(year, month, day, hour, minute);
  // The offset of a first guess can be the one from the other side of a change of the clocks: checked once more.
  const guess = asIfUtc - offsetAt(asIfUtc, timeZone);
  const checked = asIfUtc - offsetAt(guess, timeZone);
  const shown = wallTime(new Date(checked), timeZone);
  const wanted = new Date(asIfUtc);
  const exact =
    shown.day === wanted.getUTCDate() && shown.hour === wanted.getUTCHours() && shown.minute === wanted.getUTCMinutes();
  return new Date(exact ? checked : Math.max(guess, checked));
}

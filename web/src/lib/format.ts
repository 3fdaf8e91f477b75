import type { DateFormat } from "@verbatim/shared/preferences";
import { intlLocale, translate } from "@/lib/i18n";

// Numbers, sizes, money and dates as people read them in the interface's language (lib/i18n): every helper
// formats with Intl in the active locale unless one is passed.

/** A number with the locale's separators ("12,068,336", "12.068.336"). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions, locale = intlLocale()): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

/** Size in bytes, KB, MB or GB (the upload screen): "1.50 MB", "201.0 MB"; "1,50 Mo" in French. */
export function formatBytes(bytes: number, locale = intlLocale()): string {
  if (bytes < 1024) return translate("format.bytes", { count: bytes });
  const units = ["kb", "mb", "gb"] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value < 10 ? 2 : 1;
  const shown = formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits }, locale);
  return translate(`format.${units[unit] ?? "gb"}`, { value: shown });
}

/** US dollars from cents: "$19.00" ("19,00 $" in German); `whole` drops the cents ("$0"). */
export function formatMoney(cents: number, { whole = false } = {}, locale = intlLocale()): string {
  return formatNumber(
    cents / 100,
    { style: "currency", currency: "USD", minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 },
    locale,
  );
}

/**
 * Intl options for a 12- or 24-hour clock. `hourCycle`, not `hour12`: with `hour12: false` American English counts
 * midnight as 24:05, and with `hour12: true` German counts it as 0:05 AM.
 */
export const clockOptions = (hour12: boolean): Intl.DateTimeFormatOptions => ({ hourCycle: hour12 ? "h12" : "h23" });

// Intl puts a narrow no-break space before AM/PM in some engines; text matching and copying expect a space.
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/**
 * The date of `at` in `timeZone`, written in one of the settings' formats ("03/04/2026", "04/03/2026",
 * "2026-03-04"): digits only, the same in every language.
 */
export function formatNumericDate(at: Date | number, format: DateFormat, timeZone?: string): string {
  const parts = Object.fromEntries(
    // i18n-ignore: only the digits are read, in a fixed order; the format is the user's choice, not the language's.
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const { year, month, day } = parts;
  if (format === "DD/MM/YYYY") return `${day}/${month}/${year}`;
  if (format === "YYYY-MM-DD") return `${year}-${month}-${day}`;
  return `${month}/${day}/${year}`;
}

/** The time of `at` in `timeZone` on a 12- or 24-hour clock, as the language writes it ("2:05 PM", "14:05"). */
export function formatTimeOfDay(at: Date | number, hour12: boolean, timeZone?: string, locale = intlLocale()): string {
  return plainSpaces(
    new Intl.DateTimeFormat(locale, {
      timeZone,
      hour: hour12 ? "numeric" : "2-digit",
      minute: "2-digit",
      ...clockOptions(hour12),
    }).format(at),
  );
}

/** The user's way of writing dates and times (Settings › Timezone); `entities/user` supplies it. */
export interface DateTimeSettings {
  timeZone?: string;
  dateFormat: DateFormat;
  hour12: boolean;
  locale?: string;
}

/** A moment as its date and time in the user's settings: "03/04/2026 14:05", "2026-03-04 2:05 PM". */
export function formatDateAndTime(at: Date | number | string, settings: DateTimeSettings): string {
  const date = typeof at === "string" ? new Date(at) : at;
  if (Number.isNaN(new Date(date).getTime())) return String(at);
  const { timeZone, dateFormat, hour12, locale } = settings;
  return `${formatNumericDate(date, dateFormat, timeZone)} ${formatTimeOfDay(date, hour12, timeZone, locale)}`;
}

/** Seconds as m:ss, or h:mm:ss past an hour (player and transcript timestamps); the same in every language. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${String(m).padStart(2, "0")}:${sec}`;
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/** How long ago `at` was, in words: "2 minutes ago", "yesterday", "hace 2 minutos"; under a minute, "now". */
export function formatRelative(at: Date | string, now = Date.now(), locale = intlLocale()): string {
  const seconds = Math.round((new Date(at).getTime() - now) / 1000);
  const words = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return words.format(Math.trunc(seconds / size), unit);
  }
  return words.format(0, "second");
}

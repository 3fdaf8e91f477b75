import type { DateFormat, TimeFormat } from "@verbatim/shared/preferences";
import { clockOptions } from "@/lib/format";
import { intlLocale } from "@/lib/i18n";

/** The date of `at` in `timeZone`, written in one of the settings' formats (digits only: the same in every language). */
export function formatDate(at: Date, format: DateFormat, timeZone: string): string {
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

/** The time of `at` in `timeZone` on the chosen clock, as the interface's language writes it ("2:05 PM", "14:05"). */
export function formatTime(at: Date, format: TimeFormat, timeZone: string, locale = intlLocale()): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: format === "12h" ? "numeric" : "2-digit",
    minute: "2-digit",
    ...clockOptions(format === "12h"),
  })
    .format(at)
    .replace(/[\u202f\u00a0]/g, " ");
}

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

import type { DateFormat, TimeFormat } from "@verbatim/shared/preferences";

/** The date of `at` in `timeZone`, written in one of the settings' formats. */
export function formatDate(at: Date, format: DateFormat, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const { year, month, day } = parts;
  if (format === "DD/MM/YYYY") return `${day}/${month}/${year}`;
  if (format === "YYYY-MM-DD") return `${year}-${month}-${day}`;
  return `${month}/${day}/${year}`;
}

export function formatTime(at: Date, format: TimeFormat, timeZone: string): string {
  return new Intl.DateTimeFormat(format === "12h" ? "en-US" : "en-GB", {
    timeZone,
    hour: format === "12h" ? "numeric" : "2-digit",
    minute: "2-digit",
    hour12: format === "12h",
  }).format(at);
}

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

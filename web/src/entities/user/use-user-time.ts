import { DEFAULT_PREFERENCES, isTimeZone, type Preferences } from "@verbatim/shared/preferences";
import { useMemo } from "react";
import { useLocale } from "use-intl";
import { type DateTimeSettings, formatDateAndTime, formatNumericDate, formatTimeOfDay } from "@/lib/format";
import { INTL_TAGS, intlLocale } from "@/lib/i18n";
import { usePreferences } from "./preferences";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The time zone and clock format the user chose in settings. With auto-detect on, or before the preferences
 * are known (loading, offline without a saved copy), the browser's zone applies.
 */
export function useUserTime() {
  return userTime(usePreferences().data);
}

/** The zone, clock and date format of saved preferences (the defaults' formats while they are unknown). */
export function userTime(preferences: Preferences | undefined) {
  const prefs = preferences?.timezone;
  const saved = prefs?.timezone;
  const timeZone = !prefs?.autoDetect && saved && isTimeZone(saved) ? saved : browserTimeZone();
  const { dateFormat, timeFormat } = prefs ?? DEFAULT_PREFERENCES.timezone;
  return { timeZone, hour12: timeFormat === "12h", dateFormat };
}

/**
 * How the user wants dates and times written (Settings › Timezone: zone, date format, 12/24-hour clock), in the
 * interface's language: every screen that shows a date or a time formats it with these.
 */
export function useDateTimeFormat() {
  const { timeZone, hour12, dateFormat } = useUserTime();
  const locale = INTL_TAGS[useLocale()];
  return useMemo(() => {
    const settings: DateTimeSettings = { timeZone, hour12, dateFormat, locale };
    const toDate = (at: Date | number | string) => (typeof at === "string" ? new Date(at) : at);
    return {
      ...settings,
      timeZone,
      /** "03/04/2026" */
      date: (at: Date | number | string) => formatNumericDate(toDate(at), dateFormat, timeZone),
      /** "14:05", "2:05 PM" */
      time: (at: Date | number | string) => formatTimeOfDay(toDate(at), hour12, timeZone, locale),
      /** "03/04/2026 14:05" */
      dateTime: (at: Date | number | string) => formatDateAndTime(at, settings),
    };
  }, [timeZone, hour12, dateFormat, locale]);
}

/** The user's way of writing dates and times, for components handed it by the screen that read it. */
export type DateTimeFormat = ReturnType<typeof useDateTimeFormat>;

/** "GMT+2", "GMT-5", "GMT" for a zone at a moment ("UTC+2" in French: the language's own way). */
export function gmtOffsetLabel(timeZone: string, at: Date, locale = intlLocale()): string {
  const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "shortOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? "GMT";
}

/** "Stockholm" for Europe/Stockholm, "New York" for America/New_York, the id itself for "UTC". */
export function cityLabel(timeZone: string): string {
  const city = timeZone.split("/").pop() ?? timeZone;
  return city.replaceAll("_", " ");
}

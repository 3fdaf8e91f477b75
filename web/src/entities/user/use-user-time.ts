import { isTimeZone } from "@verbatim/shared/preferences";
import { intlLocale } from "@/lib/i18n";
import { usePreferences } from "./preferences";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The time zone and clock format the user chose in settings. With auto-detect on, or before the preferences
 * are known (loading, offline without a saved copy), the browser's zone applies.
 */
export function useUserTime() {
  const { data } = usePreferences();
  const prefs = data?.timezone;
  const saved = prefs?.timezone;
  const timeZone = !prefs?.autoDetect && saved && isTimeZone(saved) ? saved : browserTimeZone();
  return { timeZone, hour12: prefs?.timeFormat === "12h" };
}

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

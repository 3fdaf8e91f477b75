import type { DateFormat, TimeFormat } from "@verbatim/shared/preferences";
import { formatNumericDate, formatTimeOfDay } from "@/lib/format";
import { intlLocale } from "@/lib/i18n";

// The Timezone tab's examples: the same helpers every screen formats with (lib/format.ts, through
// entities/user's useDateTimeFormat), here with the tab's unsaved choices.

/** The date of `at` in `timeZone`, written in one of the settings' formats (digits only: the same in every language). */
export const formatDate = (at: Date, format: DateFormat, timeZone: string): string =>
  formatNumericDate(at, format, timeZone);

/** The time of `at` in `timeZone` on the chosen clock, as the interface's language writes it ("2:05 PM", "14:05"). */
export const formatTime = (at: Date, format: TimeFormat, timeZone: string, locale = intlLocale()): string =>
  formatTimeOfDay(at, format === "12h", timeZone, locale);

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

import { useTranslations } from "use-intl";
import { CalendarIcon } from "@/components/layout/icons";
import type { DateTimeFormat } from "@/entities/user/use-user-time";
import { formatDate, hourLabel, hoursFor, sameDay } from "../lib/dates";
import { bucketByHour, type CalendarEvent } from "../lib/meetings";
import { EventChip } from "./event-chip";

const HOURS = hoursFor("day");

/** Hourly slots from 8 AM to 6 PM; empty state 'No meetings today' (calendar.noMeetingsToday). */
export function DayView({
  day,
  events,
  format,
  today,
  onOpen,
}: {
  day: Date;
  events: CalendarEvent[];
  format: DateTimeFormat;
  today: Date;
  onOpen: (event: CalendarEvent) => void;
}) {
  const t = useTranslations("calendar");
  const { allDay, byHour, earlier, later } = bucketByHour(events, day, HOURS, format.timeZone);
  const count = allDay.length + earlier.length + later.length + [...byHour.values()].reduce((n, l) => n + l.length, 0);

  const slot = (key: string, label: string, list: CalendarEvent[]) => (
    <li key={key} className="flex min-h-14 gap-3 border-b last:border-b-0">
      <span className="w-20 shrink-0 border-r px-2 py-2 text-right text-xs font-medium text-muted-foreground">
        {label}
      </span>
      <div className="flex-1 space-y-1 py-1 pr-1">
        {list.map((event) => (
          <EventChip key={event.id} event={event} format={format} onOpen={onOpen} className="py-1.5 text-sm" />
        ))}
      </div>
    </li>
  );

  return (
    <div className="space-y-4">
      {count === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-6 text-center">
          <CalendarIcon className="size-8 text-muted-foreground" />
          <p className="font-medium">
            {sameDay(day, today, format.timeZone)
              ? t("noMeetingsToday")
              : t("noMeetingsOn", {
                  day: formatDate(day, { weekday: "long", month: "long", day: "numeric" }, format.timeZone),
                })}
          </p>
        </div>
      )}
      <ul className="rounded-lg border" aria-label={t("schedule")}>
        {allDay.length > 0 && slot("all-day", t("allDay"), allDay)}
        {earlier.length > 0 && slot("earlier", t("earlier"), earlier)}
        {HOURS.map((hour) => slot(String(hour), hourLabel(hour, format.hour12), byHour.get(hour) ?? []))}
        {later.length > 0 && slot("later", t("later"), later)}
      </ul>
    </div>
  );
}

import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import type { DateTimeFormat } from "@/entities/user/use-user-time";
import { cn } from "@/lib/cn";
import { dayOfMonth, formatDate, hourLabel, hoursFor, sameDay, weekDays } from "../lib/dates";
import { bucketByHour, type CalendarEvent } from "../lib/meetings";
import { EventChip } from "./event-chip";

const HOURS = hoursFor("week");

/** Seven days with hourly rows from 8 AM to 5 PM. */
export function WeekView({
  anchor,
  events,
  format,
  today,
  onOpen,
}: {
  anchor: Date;
  events: CalendarEvent[];
  format: DateTimeFormat;
  today: Date;
  onOpen: (event: CalendarEvent) => void;
}) {
  const t = useTranslations("calendar");
  const { timeZone } = format;
  const days = weekDays(anchor, timeZone);
  const buckets = days.map((day) => bucketByHour(events, day, HOURS, timeZone));
  const chips = (list: CalendarEvent[]) =>
    list.map((event) => <EventChip key={event.id} event={event} format={format} onOpen={onOpen} className="mb-0.5" />);

  const row = (key: string, label: string, cell: (i: number) => CalendarEvent[]) => (
    <tr key={key}>
      <th
        scope="row"
        className="w-20 border-r border-b px-2 py-2 text-right align-top text-xs font-medium text-muted-foreground"
      >
        {label}
      </th>
      {days.map((day, i) => (
        <td
          key={day.toISOString()}
          className={cn("h-14 border-b p-1 align-top", sameDay(day, today, timeZone) && "bg-accent/40")}
        >
          {chips(cell(i))}
        </td>
      ))}
    </tr>
  );
  const optionalRow = (
    key: string,
    label: string,
    pick: (b: (typeof buckets)[number]) => CalendarEvent[],
  ): ReactNode =>
    buckets.some((b) => pick(b).length > 0)
      ? row(key, label, (i) => pick(buckets[i] as (typeof buckets)[number]))
      : null;

  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full min-w-[48rem] table-fixed border-collapse">
        <caption className="sr-only">
          {t("weekOf", {
            day: days[0] ? formatDate(days[0], { month: "long", day: "numeric", year: "numeric" }, timeZone) : "",
          })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="w-20 border-r border-b bg-muted/50">
              <span className="sr-only">{t("time")}</span>
            </th>
            {days.map((day) => {
              const isToday = sameDay(day, today, timeZone);
              return (
                <th
                  key={day.toISOString()}
                  scope="col"
                  aria-current={isToday ? "date" : undefined}
                  className={cn(
                    "border-b bg-muted/50 py-2 text-xs font-semibold",
                    isToday ? "text-primary" : "text-muted-foreground",
                  )}
                >
                  {formatDate(day, { weekday: "short" }, timeZone)}
                  <span
                    className={cn(
                      "mx-auto mt-1 flex size-7 items-center justify-center rounded-full text-sm",
                      isToday && "bg-primary text-primary-foreground",
                    )}
                  >
                    {dayOfMonth(day, timeZone)}
                  </span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {optionalRow("all-day", t("allDay"), (b) => b.allDay)}
          {optionalRow("earlier", t("earlier"), (b) => b.earlier)}
          {HOURS.map((hour) =>
            row(String(hour), hourLabel(hour, format.hour12), (i) => buckets[i]?.byHour.get(hour) ?? []),
          )}
          {optionalRow("later", t("later"), (b) => b.later)}
        </tbody>
      </table>
    </div>
  );
}

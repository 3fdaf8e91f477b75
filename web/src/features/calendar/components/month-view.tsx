import { useTranslations } from "use-intl";
import type { DateTimeFormat } from "@/entities/user/use-user-time";
import { cn } from "@/lib/cn";
import { dateKey, dayOfMonth, formatDate, monthGrid, sameDay, sameMonth } from "../lib/dates";
import { type CalendarEvent, eventsOn } from "../lib/meetings";
import { DOT_CLASSES, EventChip } from "./event-chip";

/** At most 3 meetings per day, then "+N more". */
const PER_DAY = 3;

export function MonthView({
  anchor,
  events,
  format,
  today,
  onOpen,
  onShowDay,
}: {
  anchor: Date;
  events: CalendarEvent[];
  format: DateTimeFormat;
  today: Date;
  onOpen: (event: CalendarEvent) => void;
  onShowDay: (day: Date) => void;
}) {
  const t = useTranslations("calendar");
  const { timeZone } = format;
  const weeks = monthGrid(anchor, timeZone);
  return (
    // Phones get the whole month at a glance, a dot per meeting; a tap opens that day.
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full table-fixed border-collapse md:min-w-[44rem]">
        <caption className="sr-only">{formatDate(anchor, { month: "long", year: "numeric" }, timeZone)}</caption>
        <thead>
          <tr>
            {weeks[0]?.map((d) => (
              <th
                key={d.toISOString()}
                scope="col"
                className="border-b bg-muted/50 py-2 text-xs font-semibold text-muted-foreground"
              >
                <abbr title={formatDate(d, { weekday: "long" }, timeZone)} className="no-underline">
                  {formatDate(d, { weekday: "short" }, timeZone)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.toISOString()}>
              {week.map((day) => {
                const dayEvents = eventsOn(events, day, timeZone);
                const isToday = sameDay(day, today, timeZone);
                const outside = !sameMonth(day, anchor, timeZone);
                const hidden = dayEvents.length - PER_DAY;
                return (
                  <td
                    key={day.toISOString()}
                    aria-current={isToday ? "date" : undefined}
                    className={cn(
                      "h-16 border p-0.5 align-top md:h-28 md:p-1",
                      outside && "bg-muted/30",
                      isToday && "bg-accent/60",
                    )}
                  >
                    <div className="mb-1 flex justify-center md:justify-end">
                      <time
                        dateTime={dateKey(day, timeZone)}
                        className={cn(
                          "flex size-6 items-center justify-center rounded-full text-xs",
                          outside ? "text-muted-foreground" : "font-medium",
                          isToday && "bg-primary font-bold text-primary-foreground",
                        )}
                      >
                        {dayOfMonth(day, timeZone)}
                      </time>
                    </div>
                    {dayEvents.length > 0 && (
                      <button
                        type="button"
                        onClick={() => onShowDay(day)}
                        className="flex w-full flex-wrap justify-center gap-0.5 rounded py-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:hidden"
                      >
                        {dayEvents.slice(0, PER_DAY).map((event) => (
                          <span
                            key={event.id}
                            aria-hidden="true"
                            className={cn("size-1.5 rounded-full", DOT_CLASSES[event.color])}
                          />
                        ))}
                        {hidden > 0 && (
                          <span aria-hidden="true" className="text-[10px] leading-none text-muted-foreground">
                            +{hidden}
                          </span>
                        )}
                        <span className="sr-only">
                          {t("meetingsOn", {
                            count: dayEvents.length,
                            day: formatDate(day, { month: "long", day: "numeric" }, timeZone),
                          })}
                        </span>
                      </button>
                    )}
                    <div className="hidden space-y-0.5 md:block">
                      {dayEvents.slice(0, PER_DAY).map((event) => (
                        <EventChip key={event.id} event={event} format={format} onOpen={onOpen} />
                      ))}
                      {hidden > 0 && (
                        <button
                          type="button"
                          onClick={() => onShowDay(day)}
                          className="w-full rounded px-1.5 text-left text-xs font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                        >
                          {t("more", { count: hidden })}
                          <span className="sr-only">
                            {" "}
                            {t("onDay", { day: formatDate(day, { month: "long", day: "numeric" }, timeZone) })}
                          </span>
                        </button>
                      )}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

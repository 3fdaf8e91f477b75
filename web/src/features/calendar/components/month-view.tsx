import { useTranslations } from "use-intl";
import { cn } from "@/lib/cn";
import { formatDate, localDateKey, monthGrid, sameDay } from "../lib/dates";
import { type CalendarEvent, occursOn } from "../lib/meetings";
import { DOT_CLASSES, EventChip } from "./event-chip";

/** At most 3 meetings per day, then "+N more". */
const PER_DAY = 3;
/** A week from Sunday (2026-03-01 was one), for the weekday names in the interface's language. */
const A_WEEK = Array.from({ length: 7 }, (_, i) => new Date(2026, 2, 1 + i));

export function MonthView({
  anchor,
  events,
  hour12,
  today,
  onOpen,
  onShowDay,
}: {
  anchor: Date;
  events: CalendarEvent[];
  hour12: boolean;
  today: Date;
  onOpen: (event: CalendarEvent) => void;
  onShowDay: (day: Date) => void;
}) {
  const t = useTranslations("calendar");
  const weeks = monthGrid(anchor);
  return (
    // Phones get the whole month at a glance, a dot per meeting; a tap opens that day.
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full table-fixed border-collapse md:min-w-[44rem]">
        <caption className="sr-only">{formatDate(anchor, { month: "long", year: "numeric" })}</caption>
        <thead>
          <tr>
            {A_WEEK.map((d) => (
              <th
                key={d.getDay()}
                scope="col"
                className="border-b bg-muted/50 py-2 text-xs font-semibold text-muted-foreground"
              >
                <abbr title={formatDate(d, { weekday: "long" })} className="no-underline">
                  {formatDate(d, { weekday: "short" })}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.toISOString()}>
              {week.map((day) => {
                const dayEvents = events.filter((e) => occursOn(e, day));
                const isToday = sameDay(day, today);
                const outside = day.getMonth() !== anchor.getMonth();
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
                        dateTime={localDateKey(day)}
                        className={cn(
                          "flex size-6 items-center justify-center rounded-full text-xs",
                          outside ? "text-muted-foreground" : "font-medium",
                          isToday && "bg-primary font-bold text-primary-foreground",
                        )}
                      >
                        {day.getDate()}
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
                            day: formatDate(day, { month: "long", day: "numeric" }),
                          })}
                        </span>
                      </button>
                    )}
                    <div className="hidden space-y-0.5 md:block">
                      {dayEvents.slice(0, PER_DAY).map((event) => (
                        <EventChip key={event.id} event={event} hour12={hour12} onOpen={onOpen} />
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
                            {t("onDay", { day: formatDate(day, { month: "long", day: "numeric" }) })}
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

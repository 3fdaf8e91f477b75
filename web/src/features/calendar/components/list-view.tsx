import { useTranslations } from "use-intl";
import { CalendarIcon } from "@/components/layout/icons";
import type { DateTimeFormat } from "@/entities/user/use-user-time";
import { cn } from "@/lib/cn";
import { dateKey, formatDayHeading } from "../lib/dates";
import type { CalendarEvent } from "../lib/meetings";
import { COLOR_CLASSES } from "./event-chip";

/** Upcoming meetings grouped by date; empty state 'No upcoming meetings' (calendar.noUpcoming). */
export function ListView({
  events,
  format,
  onOpen,
}: {
  events: CalendarEvent[];
  format: DateTimeFormat;
  onOpen: (event: CalendarEvent) => void;
}) {
  const t = useTranslations("calendar");
  if (events.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center">
        <CalendarIcon className="size-8 text-muted-foreground" />
        <p className="font-medium">{t("noUpcoming")}</p>
      </div>
    );
  }

  const groups = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    const key = dateKey(event.start, format.timeZone);
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }

  return (
    <div className="space-y-6">
      {[...groups.values()].map((group) => {
        const first = group[0] as CalendarEvent;
        return (
          <section key={dateKey(first.start, format.timeZone)}>
            <h3 className="mb-2 text-sm font-semibold text-muted-foreground">
              {formatDayHeading(first.start, format.timeZone)}
            </h3>
            <ul className="space-y-2">
              {group.map((event) => (
                <li key={event.id}>
                  <button
                    type="button"
                    onClick={() => onOpen(event)}
                    className={cn(
                      "flex w-full flex-col gap-1 rounded-md border-l-4 p-3 text-left md:flex-row md:items-center md:gap-4",
                      "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                      COLOR_CLASSES[event.color],
                    )}
                  >
                    <span className="w-36 shrink-0 text-sm tabular-nums">
                      {event.allDay
                        ? t("allDay")
                        : t("timeRange", { start: format.time(event.start), end: format.time(event.end) })}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{event.title}</span>
                      {event.description && (
                        <span className="block truncate text-sm opacity-80">{event.description}</span>
                      )}
                    </span>
                    {event.meetLink && <span className="text-xs font-medium">Google Meet</span>}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

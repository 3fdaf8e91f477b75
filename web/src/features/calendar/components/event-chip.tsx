import type { DateTimeFormat } from "@/entities/user/use-user-time";
import { cn } from "@/lib/cn";
import { translate } from "@/lib/i18n";
import type { CalendarEvent, MeetingColor } from "../lib/meetings";

export const COLOR_CLASSES: Record<MeetingColor, string> = {
  blue: "border-l-blue-500 bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100",
  purple: "border-l-purple-500 bg-purple-50 text-purple-900 dark:bg-purple-950 dark:text-purple-100",
  red: "border-l-red-500 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  yellow: "border-l-yellow-500 bg-yellow-50 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100",
  green: "border-l-green-600 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100",
  indigo: "border-l-indigo-500 bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100",
};

/** The phone month view's dots. */
export const DOT_CLASSES: Record<MeetingColor, string> = {
  blue: "bg-blue-500",
  purple: "bg-purple-500",
  red: "bg-red-500",
  yellow: "bg-yellow-500",
  green: "bg-green-600",
  indigo: "bg-indigo-500",
};

export function eventTimeLabel(event: CalendarEvent, format: DateTimeFormat) {
  return event.allDay ? translate("calendar.allDay") : format.time(event.start);
}

/** One meeting in a calendar cell; opens its details. */
export function EventChip({
  event,
  format,
  onOpen,
  className,
}: {
  event: CalendarEvent;
  format: DateTimeFormat;
  onOpen: (event: CalendarEvent) => void;
  className?: string;
}) {
  const time = eventTimeLabel(event, format);
  return (
    <button
      type="button"
      onClick={() => onOpen(event)}
      className={cn(
        "block w-full truncate rounded border-l-4 px-1.5 py-0.5 text-left text-xs font-medium",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        COLOR_CLASSES[event.color],
        className,
      )}
    >
      <span className="tabular-nums opacity-80">{time}</span> {event.title}
    </button>
  );
}

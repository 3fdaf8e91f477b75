import type { Meeting } from "@verbatim/shared/google";
import { translate } from "@/lib/i18n";
import { addDays, dayRange, startOfDay } from "./dates";
import { fromWallTime, wallTime } from "./zoned";

export type MeetingColor = "blue" | "purple" | "red" | "yellow" | "green" | "indigo";

/** What the screens draw: times parsed, texts settled, HTML removed. */
export interface CalendarEvent {
  id: string;
  title: string;
  description: string;
  start: Date;
  end: Date;
  allDay: boolean;
  color: MeetingColor;
  meetLink: string | null;
  location: string | null;
  phones: Array<{ label: string; pin: string | null }>;
  organizer: string;
  hasRecording: boolean;
  transcriptionId: string | null;
}

/** Colour by colorId; without one, a Meet link means green; default blue. */
const COLORS: Record<string, MeetingColor> = {
  "1": "blue",
  "2": "blue",
  "7": "blue",
  "3": "purple",
  "9": "purple",
  "4": "red",
  "11": "red",
  "5": "yellow",
  "6": "green",
  "10": "green",
  "8": "indigo",
};

export function meetingColor(colorId: string | null | undefined, hangoutLink: string | null | undefined): MeetingColor {
  if (colorId) return COLORS[colorId] ?? "blue";
  return hangoutLink ? "green" : "blue";
}

/** All-day events carry a date ("2026-03-04") that means that calendar day in the user's zone, not midnight UTC. */
function parseDate(value: { dateTime?: string | null; date?: string | null } | null | undefined, timeZone: string) {
  if (value?.dateTime) return new Date(value.dateTime);
  if (value?.date) {
    const [year = 1970, month = 1, day = 1] = value.date.split("-").map(Number);
    return fromWallTime({ year, month: month - 1, day }, timeZone);
  }
  return null;
}

/** The description as plain text: Google stores HTML; parsed inertly (DOMParser runs no scripts). */
export function stripHtml(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/(p|div|li)>/gi, "\n");
  const text = new DOMParser().parseFromString(withBreaks, "text/html").body.textContent ?? "";
  return text.replace(/\n{3,}/g, "\n\n").trim();
}

/** "https://meet.google.com/abc-defg-hij" → "abc-defg-hij" (the prefix is stripped for display). */
export const meetCode = (link: string) => link.replace(/^https?:\/\/meet\.google\.com\//, "");

/** Items without a start are skipped; the rest sorted by start. */
export function toEvents(meetings: readonly Meeting[], timeZone: string): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (const m of meetings) {
    const start = parseDate(m.start, timeZone);
    if (!start) continue;
    const allDay = !m.start?.dateTime;
    const end = parseDate(m.end, timeZone) ?? (allDay ? addDays(startOfDay(start, timeZone), 1, timeZone) : start);
    events.push({
      id: m.id,
      title: m.summary?.trim() || translate("calendar.untitled"),
      description: m.description ? stripHtml(m.description) : "",
      start,
      end,
      allDay,
      color: meetingColor(m.colorId, m.hangoutLink),
      meetLink: m.hangoutLink ?? null,
      location: m.location ?? null,
      phones: (m.conferenceData?.entryPoints ?? [])
        .filter((e) => e.entryPointType === "phone" && e.label)
        .map((e) => ({ label: e.label as string, pin: e.pin ?? null })),
      organizer: m.organizer?.displayName || m.creator?.email || translate("calendar.you"),
      hasRecording: Boolean(m.recording),
      transcriptionId: m.transcriptionId ?? null,
    });
  }
  return events.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The search box: every word must appear in the title or the description (case-insensitive). */
export function matchesSearch(event: CalendarEvent, query: string) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = `${event.title}\n${event.description}`.toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/** A day's events (all-day and multi-day events count on every day they cover). */
export function eventsOn(events: readonly CalendarEvent[], day: Date, timeZone: string) {
  const { start, end } = dayRange(day, timeZone);
  return events.filter((event) => {
    const eventEnd = Math.max(event.end.getTime(), event.start.getTime() + 1);
    return event.start < end && eventEnd > start.getTime();
  });
}

/**
 * A day's meetings sorted into the rows of the week and day views: all-day ones, one list per shown hour
 * (by start), and those before or after the shown hours, which get their own rows rather than vanish.
 */
export function bucketByHour(events: readonly CalendarEvent[], day: Date, hours: readonly number[], timeZone: string) {
  const first = hours[0] ?? 0;
  const last = hours[hours.length - 1] ?? 23;
  const byHour = new Map<number, CalendarEvent[]>(hours.map((h) => [h, []]));
  const allDay: CalendarEvent[] = [];
  const earlier: CalendarEvent[] = [];
  const later: CalendarEvent[] = [];
  const dayStart = startOfDay(day, timeZone);
  for (const event of eventsOn(events, day, timeZone)) {
    // A meeting that began on an earlier day is shown from the start of this one.
    const hour = event.start < dayStart ? 0 : wallTime(event.start, timeZone).hour;
    if (event.allDay) allDay.push(event);
    else if (hour < first) earlier.push(event);
    else if (hour > last) later.push(event);
    else byHour.get(hour)?.push(event);
  }
  return { allDay, byHour, earlier, later };
}

import type { CreateMeetingInput, Meeting } from "@verbatim/shared";
import { type GoogleCall, googleJson } from "./api-client";

// Calendar API v3 on the primary calendar: events.list (single events, by start time, paged) and events.insert
// with a Meet conference.

/** Pages read per listing: 50 events a page, at most 500 events for one range. */
const MAX_PAGES = 10;

export interface CalendarEvent {
  id: string;
  summary?: string;
  description?: string;
  start?: { dateTime?: string; date?: string; timeZone?: string };
  end?: { dateTime?: string; date?: string; timeZone?: string };
  colorId?: string;
  hangoutLink?: string;
  location?: string;
  conferenceData?: {
    entryPoints?: Array<{ entryPointType?: string; label?: string; pin?: string; uri?: string }>;
    conferenceSolution?: { iconUri?: string };
  };
  organizer?: { displayName?: string; email?: string };
  creator?: { email?: string };
  attachments?: Array<{ fileId?: string; title?: string; mimeType?: string; fileUrl?: string }>;
}

const eventsUrl = (call: GoogleCall) => `${call.config.calendarApiUrl}/calendars/primary/events`;

/** The event's Meet recording: the audio/video file Google attaches to the event in Drive. */
export function recordingOf(event: CalendarEvent) {
  const file = event.attachments?.find((a) => a.fileId && /^(video|audio)\//.test(a.mimeType ?? ""));
  return file?.fileId
    ? { fileId: file.fileId, title: file.title || "Meeting recording", mimeType: file.mimeType as string }
    : null;
}

/** The spec's Meeting: Google's fields as they are, plus the recording and its transcription (if any). */
export function toMeeting(event: CalendarEvent, transcriptionId: string | null = null): Meeting {
  return {
    id: event.id,
    summary: event.summary ?? null,
    description: event.description ?? null,
    start: event.start ?? null,
    end: event.end ?? null,
    colorId: event.colorId ?? null,
    hangoutLink: event.hangoutLink ?? null,
    location: event.location ?? null,
    conferenceData: event.conferenceData
      ? {
          entryPoints: (event.conferenceData.entryPoints ?? []).map((e) => ({
            entryPointType: e.entryPointType,
            label: e.label ?? null,
            pin: e.pin ?? null,
            uri: e.uri ?? null,
          })),
          conferenceSolution: { iconUri: event.conferenceData.conferenceSolution?.iconUri ?? null },
        }
      : null,
    organizer: event.organizer
      ? { displayName: event.organizer.displayName ?? null, email: event.organizer.email ?? null }
      : null,
    creator: event.creator ? { email: event.creator.email ?? null } : null,
    recording: recordingOf(event),
    transcriptionId,
  };
}

export async function listEvents(call: GoogleCall, q: { timeMin: string; timeMax: string; maxResults: number }) {
  const events: CalendarEvent[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = new URL(eventsUrl(call));
    url.searchParams.set("timeMin", new Date(q.timeMin).toISOString());
    url.searchParams.set("timeMax", new Date(q.timeMax).toISOString());
    url.searchParams.set("singleEvents", "true");
    url.searchParams.set("orderBy", "startTime");
    url.searchParams.set("maxResults", String(q.maxResults));
    if (pageToken) url.searchParams.set("pageToken", pageToken);
    const body = await googleJson<{ items?: CalendarEvent[]; nextPageToken?: string }>(call, url.toString());
    events.push(...(body.items ?? []));
    pageToken = body.nextPageToken;
    if (!pageToken) break;
  }
  // Items with no start are skipped.
  return events.filter((e) => e.start?.dateTime || e.start?.date);
}

export async function getEvent(call: GoogleCall, eventId: string) {
  return googleJson<CalendarEvent>(call, `${eventsUrl(call)}/${encodeURIComponent(eventId)}`);
}

export async function insertEvent(call: GoogleCall, input: Required<CreateMeetingInput>) {
  const url = new URL(eventsUrl(call));
  url.searchParams.set("conferenceDataVersion", "1");
  url.searchParams.set("sendUpdates", input.attendees.length ? "all" : "none");
  const body = {
    summary: input.summary,
    description: input.description || undefined,
    start: { dateTime: new Date(input.startTime).toISOString(), timeZone: input.timezone },
    end: { dateTime: new Date(input.endTime).toISOString(), timeZone: input.timezone },
    attendees: input.attendees.map((email) => ({ email })),
    // The details dialog says "10 minutes before".
    reminders: { useDefault: false, overrides: [{ method: "popup", minutes: 10 }] },
    conferenceData: {
      createRequest: { requestId: crypto.randomUUID(), conferenceSolutionKey: { type: "hangoutsMeet" } },
    },
  };
  return googleJson<CalendarEvent>(call, url.toString(), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

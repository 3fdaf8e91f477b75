import { z } from "zod";

// Google: status, meetings (Calendar v3 events as the spec's Meeting) and the create-meeting payload.

/** The Google status; `message` says why a once-connected account is no longer connected. */
export const googleStatusSchema = z
  .object({
    connected: z.boolean(),
    profile: z.object({ email: z.string().nullable() }).nullable(),
    message: z.string().nullable(),
  })
  .meta({ id: "GoogleStatus" });
export type GoogleStatus = z.infer<typeof googleStatusSchema>;

const eventTime = z.object({
  dateTime: z.string().nullish(),
  date: z.string().nullish(),
  timeZone: z.string().nullish(),
});

/** GET /api/auth/google: what the navigation is for, and where to come back to (a same-origin path). */
export const googleStartQuerySchema = z.object({
  intent: z.enum(["login", "signup", "connect", "drive"]).optional(),
  returnToUrl: z.string().max(2048).optional(),
});

/** A Meet recording Google attached to the event (a Drive file). */
export const meetingRecordingSchema = z.object({ fileId: z.string(), title: z.string(), mimeType: z.string() });

/** A meeting: Google's event fields, plus the recording and the transcription made from it. */
export const meetingSchema = z
  .object({
    id: z.string(),
    summary: z.string().nullish(),
    description: z.string().nullish(),
    start: eventTime.nullish(),
    end: eventTime.nullish(),
    colorId: z.string().nullish(),
    hangoutLink: z.string().nullish(),
    location: z.string().nullish(),
    conferenceData: z
      .object({
        entryPoints: z
          .array(
            z.object({
              entryPointType: z.string().optional(),
              label: z.string().nullish(),
              pin: z.string().nullish(),
              uri: z.string().nullish(),
            }),
          )
          .nullish(),
        conferenceSolution: z.object({ iconUri: z.string().nullish() }).nullish(),
      })
      .nullish(),
    organizer: z.object({ displayName: z.string().nullish(), email: z.string().nullish() }).nullish(),
    creator: z.object({ email: z.string().nullish() }).nullish(),
    recording: meetingRecordingSchema.nullish(),
    transcriptionId: z.string().nullish(),
  })
  .meta({ id: "Meeting" });
export type Meeting = z.infer<typeof meetingSchema>;

/** POST /api/meetings answers the meeting with its Meet link at the top (meetLink is read). */
export const createdMeetingSchema = meetingSchema.extend({ meetLink: z.string().nullable() });
export type CreatedMeeting = z.infer<typeof createdMeetingSchema>;

export const meetingsQuerySchema = z
  .object({
    timeMin: z.iso.datetime({ offset: true, message: "timeMin must be an ISO date-time" }),
    timeMax: z.iso.datetime({ offset: true, message: "timeMax must be an ISO date-time" }),
    maxResults: z.coerce.number().int().min(1).max(250).default(50),
  })
  .refine((q) => Date.parse(q.timeMin) < Date.parse(q.timeMax), {
    message: "timeMin must be before timeMax",
    path: ["timeMax"],
  });

/** The create-meeting payload, with its form's rules. */
export const createMeetingSchema = z
  .object({
    summary: z.string().trim().min(3, "Title must be at least 3 characters").max(1024),
    description: z.string().max(8192).default(""),
    startTime: z.string().min(1, "Start time is required"),
    endTime: z.string().min(1, "End time is required"),
    attendees: z.array(z.email("Each attendee must be an e-mail address")).max(100).default([]),
    timezone: z.string().min(1).max(64).default("UTC"),
  })
  .refine((m) => !Number.isNaN(Date.parse(m.startTime)), { message: "Start time is required", path: ["startTime"] })
  .refine((m) => !Number.isNaN(Date.parse(m.endTime)), { message: "End time is required", path: ["endTime"] })
  .refine((m) => Date.parse(m.endTime) > Date.parse(m.startTime), {
    message: "End time must be after the start time",
    path: ["endTime"],
  });
export type CreateMeetingInput = z.input<typeof createMeetingSchema>;

/** POST /api/meetings/{id}/recording, 201: the transcription started (or the one made before). */
export const recordingStartedSchema = z.object({ transcriptionId: z.string() });
/** 200: Google must first grant read access; the browser goes to `authorizeUrl` and comes back. */
export const recordingConsentSchema = z.object({ authorizeUrl: z.string(), message: z.string() });
export const recordingImportSchema = z.union([recordingStartedSchema, recordingConsentSchema]);
export type RecordingImport = z.infer<typeof recordingImportSchema>;

/** The auth-page query codes the server sends back, plus `account_exists` (docs/deviations-from-the-spec.md). */
export const GOOGLE_ERROR_CODES = [
  "google_auth_failed",
  "missing_email",
  "google_signup_failed",
  "token_exchange_failed",
  "user_info_failed",
  "invalid_code",
  "no_matching_account",
  "redirect_uri_mismatch",
  "account_exists",
] as const;
export type GoogleErrorCode = (typeof GOOGLE_ERROR_CODES)[number];

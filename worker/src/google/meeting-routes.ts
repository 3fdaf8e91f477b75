import {
  type CreatedMeeting,
  createdMeetingSchema,
  createMeetingSchema,
  type Meeting,
  meetingSchema,
  meetingsQuerySchema,
  type RecordingImport,
  recordingConsentSchema,
  recordingImportOptionsSchema,
  recordingStartedSchema,
} from "@verbatim/shared";
import { spaceQuerySchema } from "@verbatim/shared/workspaces";
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { currentUserId, requireUser } from "../auth";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { doc, json, optionalJsonBody } from "../http/openapi";
import { readOptionalJson, validate } from "../http/validate";
import { uploadSpace } from "../store/access";
import { findUserById } from "../store/users";
import { speakerChoice } from "../transcriptions";
import type { GoogleCall } from "./api-client";
import { insertEvent, listEvents, toMeeting } from "./calendar";
import { googleConfig, SCOPES } from "./config";
import { grantedScopes } from "./grant";
import { importRecording, transcriptionsForEvents } from "./recording";

export const NOT_CONNECTED = "Your Google account is not connected. Connect it on the Integrations page.";

/** The signed-in user's Google context, or the reason there is none (not configured, not connected). */
async function googleCall(c: Context<AppEnv>, service: string): Promise<GoogleCall & { scopes: Set<string> }> {
  const config = googleConfig(c.env);
  if (!config) throw new ApiError(503, "Google isn't configured on this server");
  const db = c.get("db");
  const userId = currentUserId(c);
  const user = await findUserById(db, userId);
  if (!user?.googleConnected) throw new ApiError(403, user?.googleStatusMessage ?? NOT_CONNECTED);
  return { env: c.env, db, config, userId, service, scopes: grantedScopes(user) };
}

const tag = "google";
const GOOGLE_ERRORS = [403, 429, 502, 503] as const satisfies readonly (403 | 429 | 502 | 503)[];
const docs = {
  list: doc({
    summary: "Meetings in the connected Google Calendar between timeMin and timeMax (Calendar v3 events)",
    tag,
    responses: { 200: json(z.array(meetingSchema), "The meetings, by start time") },
    errors: [400, ...GOOGLE_ERRORS],
  }),
  create: doc({
    summary: "Create a Google Calendar event with a Google Meet link",
    tag,
    responses: { 201: json(createdMeetingSchema, "The meeting, with meetLink") },
    errors: [400, ...GOOGLE_ERRORS],
  }),
  recording: doc({
    summary: "Transcribe the meeting's Meet recording (streamed from Google Drive)",
    tag,
    requestBody: optionalJsonBody(recordingImportOptionsSchema, "Optional: speaker recognition for the recording"),
    responses: {
      201: json(recordingStartedSchema, "The transcription started (or the one already made from this recording)"),
      200: json(
        recordingConsentSchema,
        "Google must first grant read access to Drive: send the browser to authorizeUrl",
      ),
    },
    errors: [400, 402, 404, 413, 415, ...GOOGLE_ERRORS],
  }),
};

/** /api/meetings, signed in only. */
export const meetingRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", docs.list, validate("query", meetingsQuerySchema), async (c) => {
    const call = await googleCall(c, "Google Calendar");
    const events = await listEvents(call, c.req.valid("query"));
    const transcribed = await transcriptionsForEvents(call.db, call.userId);
    const body: Meeting[] = events.map((e) => toMeeting(e, transcribed.get(e.id) ?? null));
    return c.json(body);
  })
  .post("/", docs.create, validate("json", createMeetingSchema), async (c) => {
    const call = await googleCall(c, "Google Calendar");
    const event = await insertEvent(call, c.req.valid("json") as Parameters<typeof insertEvent>[1]);
    const body: CreatedMeeting = { ...toMeeting(event), meetLink: event.hangoutLink ?? null };
    return c.json(body, 201);
  })
  /** Transcribes the meeting's Meet recording; asks Google for Drive read access first if not granted yet. */
  .post("/:eventId/recording", docs.recording, validate("query", spaceQuerySchema), async (c) => {
    const speakers = speakerChoice(await readOptionalJson(c.req.raw, recordingImportOptionsSchema));
    const call = await googleCall(c, "Google Drive");
    const eventId = c.req.param("eventId");
    if (!call.scopes.has(SCOPES.driveRead)) {
      const returnTo = `/calendar?transcribe=${encodeURIComponent(eventId)}`;
      const body: RecordingImport = {
        message: "Verbatim needs permission to read this recording in your Google Drive.",
        authorizeUrl: `/api/auth/google?intent=drive&returnToUrl=${encodeURIComponent(returnTo)}`,
      };
      return c.json(body, 200);
    }
    const space = await uploadSpace(call.db, call.userId, c.req.valid("query").space);
    const transcriptionId = await importRecording(c.env, call.db, call, eventId, { space, speakers });
    const body: RecordingImport = { transcriptionId };
    return c.json(body, 201);
  });

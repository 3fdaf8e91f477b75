import { createMeetingSchema, type Meeting, meetingsQuerySchema, type RecordingImport } from "@verbatim/shared";
import { Hono } from "hono";
import type { Context } from "hono";
import { currentUserId, requireUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { validate } from "../http/validate";
import { findUserById } from "../users/repository";
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

export const meetingRoutes = new Hono<AppEnv>()
  .get("/meetings", requireUser, validate("query", meetingsQuerySchema), async (c) => {
    const call = await googleCall(c, "Google Calendar");
    const events = await listEvents(call, c.req.valid("query"));
    const transcribed = await transcriptionsForEvents(call.db, call.userId);
    const body: Meeting[] = events.map((e) => toMeeting(e, transcribed.get(e.id) ?? null));
    return c.json(body);
  })
  .post("/meetings", requireUser, validate("json", createMeetingSchema), async (c) => {
    const call = await googleCall(c, "Google Calendar");
    const event = await insertEvent(call, c.req.valid("json") as Parameters<typeof insertEvent>[1]);
    return c.json({ ...toMeeting(event), meetLink: event.hangoutLink ?? null }, 201);
  })
  /** Transcribes the meeting's Meet recording; asks Google for Drive read access first if not granted yet. */
  .post("/meetings/:eventId/recording", requireUser, async (c) => {
    const call = await googleCall(c, "Google Drive");
    const eventId = c.req.param("eventId");
    if (!call.scopes.has(SCOPES.driveRead)) {
      const returnTo = `/calendar?transcribe=${encodeURIComponent(eventId)}`;
      const body: RecordingImport = {
        error: "Verbatim needs permission to read this recording in your Google Drive.",
        authorizeUrl: `/api/auth/google?intent=drive&returnToUrl=${encodeURIComponent(returnTo)}`,
      };
      return c.json(body, 403);
    }
    const transcriptionId = await importRecording(c.env, call.db, call, eventId);
    const body: RecordingImport = { transcriptionId };
    return c.json(body, 201);
  });

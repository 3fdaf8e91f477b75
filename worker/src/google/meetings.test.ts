import { env } from "cloudflare:test";
import {
  apiErrorSchema,
  createdMeetingSchema,
  meetingSchema,
  publicUserSchema,
  recordingConsentSchema,
  recordingStartedSchema,
  validationErrorSchema,
} from "@verbatim/shared";
import { afterEach, describe, expect, it } from "vitest";
import { connectedUser, control, dbRow, googleFlow, googleOrigin, uniqueEmail } from "../../test/google";
import { api, apiWithEnv, errorMessage, readJson } from "../../test/http";
import { waitUntilDone } from "../../test/transcriptions";
import { reserveSlot } from "../store/plan-usage";
import { GRANT_LOST } from "./grant";

const DAY = 86_400_000;
const range = () =>
  new URLSearchParams({
    timeMin: new Date(Date.now() - 30 * DAY).toISOString(),
    timeMax: new Date(Date.now() + 30 * DAY).toISOString(),
    maxResults: "50",
  });
const meetings = (cookie: string) => api(`/api/meetings?${range()}`, { cookie });
const requests = async () =>
  (
    (await (await fetch(`${googleOrigin()}/__control/log`)).json()) as {
      requests: { method: string; path: string; query: Record<string, string>; range: string | null }[];
    }
  ).requests;

describe("GET /api/meetings", () => {
  it("reads every page of events.list on the primary calendar and maps them to the spec's Meeting", async () => {
    const { cookie } = await connectedUser();
    await control("reset");
    const res = await meetings(cookie);
    expect(res.status).toBe(200);
    const list = await readJson(res, meetingSchema.array());
    expect(list.map((m) => m.summary)).toEqual([
      "Weekly sync",
      "Design review",
      "Customer call",
      "Team offsite",
      "Quarterly planning",
    ]);
    const design = list.find((m) => m.id === "evt-design");
    expect(design?.hangoutLink).toBe("https://meet.google.com/abc-defg-hij");
    expect(design?.conferenceData?.entryPoints?.find((e) => e.entryPointType === "phone")?.pin).toBe("123456789");
    expect(list.find((m) => m.id === "evt-offsite")?.start).toEqual({
      date: expect.any(String),
      dateTime: undefined,
      timeZone: undefined,
    });
    expect(list.find((m) => m.id === "evt-recorded")?.recording?.fileId).toMatch(/^rec-/);

    // The fake answers in pages of 3: two requests, the second with the first's page token.
    const calls = (await requests()).filter((r) => r.path === "/calendar/v3/calendars/primary/events");
    expect(calls).toHaveLength(2);
    expect(calls[0]?.query).toMatchObject({ singleEvents: "true", orderBy: "startTime", maxResults: "50" });
    expect(calls[1]?.query.pageToken).toBeTruthy();
  });

  it("refuses a user who has not connected Google, and bad ranges", async () => {
    const signup = await googleFlow("signup", uniqueEmail("noconn"));
    const res = await meetings(signup.session);
    expect(res.status).toBe(403);
    expect((await readJson(res, apiErrorSchema)).message).toMatch(/not connected/);
    const { cookie } = await connectedUser();
    const bad = await api("/api/meetings?timeMin=yesterday&timeMax=2026-01-01T00:00:00Z", { cookie });
    expect(bad.status).toBe(400);
    expect((await api(`/api/meetings?${range()}`)).status).toBe(401);
  });

  it("retries when Google says 429 (Retry-After), and turns lasting 5xx and missing scopes into clear errors", async () => {
    const { cookie } = await connectedUser();
    await control("fail", { match: "calendar", status: 429, count: 1, retryAfter: 1, reason: "rateLimitExceeded" });
    const started = Date.now();
    expect((await meetings(cookie)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    await control("fail", { match: "calendar", status: 503, count: 4 });
    const down = await meetings(cookie);
    expect(down.status).toBe(502);
    expect((await readJson(down, apiErrorSchema)).message).toBe(
      "Google Calendar is unavailable right now. Please try again.",
    );

    await control("fail", { match: "calendar", status: 403, count: 1, reason: "insufficientPermissions" });
    const scope = await meetings(cookie);
    expect(scope.status).toBe(403);
    expect((await readJson(scope, apiErrorSchema)).message).toMatch(/Connect your Google account again/);
    await control("reset");
  });

  it("refreshes an expiring access token, and a revoked grant turns the account to not connected", async () => {
    const email = uniqueEmail("refresh");
    const signup = await googleFlow("signup", email);
    await control("next-token", { expiresIn: 30 }); // inside the refresh margin
    await googleFlow("connect", email, { cookie: signup.session });
    await control("reset");
    expect((await meetings(signup.session)).status).toBe(200);
    expect((await requests()).filter((r) => r.path === "/token")).toHaveLength(1);

    // Concurrent requests with an expired token share one refresh.
    const me = await readJson(await api("/api/user", { cookie: signup.session }), publicUserSchema);
    await dbRow("UPDATE users SET google_token_expiry = ? WHERE id = ?", new Date(0).toISOString(), me.id);
    await control("reset");
    await control("token-delay", { ms: 500 });
    const together = await Promise.all([meetings(signup.session), meetings(signup.session), meetings(signup.session)]);
    expect(together.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await requests()).filter((r) => r.path === "/token")).toHaveLength(1);
    await control("reset");

    // A token endpoint that does not answer in time: 502, and the next refresh is not held up by a lease.
    await dbRow("UPDATE users SET google_token_expiry = ? WHERE id = ?", new Date(0).toISOString(), me.id);
    await control("token-delay", { ms: 5_000 });
    const slow = await apiWithEnv({ GOOGLE_TIMEOUT_MS: "300" }, `/api/meetings?${range()}`, { cookie: signup.session });
    expect(slow.status).toBe(502);
    expect((await readJson(slow, apiErrorSchema)).message).toBe("Google did not answer. Please try again.");
    await control("reset");
    expect((await meetings(signup.session)).status).toBe(200);

    await dbRow("UPDATE users SET google_token_expiry = ? WHERE id = ?", new Date(0).toISOString(), me.id);
    await control("next-token", { grant: "refresh_token", error: "invalid_grant" });
    const lost = await meetings(signup.session);
    expect(lost.status).toBe(403);
    expect((await readJson(lost, apiErrorSchema)).message).toBe(GRANT_LOST);
    expect(await (await api("/api/google/status", { cookie: signup.session })).json()).toEqual({
      connected: false,
      profile: null,
      message: GRANT_LOST,
    });
  });
});

describe("POST /api/meetings", () => {
  it("creates the event with a Meet conference and returns the meeting with its meetLink", async () => {
    const { cookie } = await connectedUser();
    await control("reset");
    const start = new Date(Date.now() + 2 * DAY);
    const res = await api("/api/meetings", {
      method: "POST",
      cookie,
      json: {
        summary: "Launch review",
        description: "Go / no-go",
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 3_600_000).toISOString(),
        attendees: ["grace@example.com"],
        timezone: "Europe/Stockholm",
      },
    });
    expect(res.status).toBe(201);
    const created = await readJson(res, createdMeetingSchema);
    expect(created.meetLink).toMatch(/^https:\/\/meet\.google\.com\/[a-z0-9]{3}-[a-z0-9]{4}-[a-z0-9]{3}$/);
    expect(created.hangoutLink).toBe(created.meetLink);
    const insert = (await requests()).find((r) => r.method === "POST" && r.path.endsWith("/events"));
    expect(insert?.query.conferenceDataVersion).toBe("1");
    const list = await readJson(await meetings(cookie), meetingSchema.array());
    expect(list.map((m) => m.id)).toContain(created.id);
  });

  it("answers the spec's validation messages", async () => {
    const { cookie } = await connectedUser();
    const res = await api("/api/meetings", {
      method: "POST",
      cookie,
      json: { summary: "ab", startTime: "", endTime: "" },
    });
    expect(res.status).toBe(400);
    const body = await readJson(res, validationErrorSchema);
    expect(body.errors.map((e) => e.message)).toEqual(
      expect.arrayContaining(["Title must be at least 3 characters", "Start time is required", "End time is required"]),
    );
  });
});

describe("a meeting's recording", () => {
  it("asks for Drive access on demand, streams the recording into the pipeline, and links the transcript; B sees none of A's", async () => {
    const a = await connectedUser(uniqueEmail("rec.a"));
    const b = await connectedUser(uniqueEmail("rec.b"));

    const ask = await api("/api/meetings/evt-recorded/recording", { method: "POST", cookie: a.cookie });
    expect(ask.status).toBe(200);
    const { authorizeUrl } = await readJson(ask, recordingConsentSchema);
    expect(authorizeUrl).toBe(
      `/api/auth/google?intent=drive&returnToUrl=${encodeURIComponent("/calendar?transcribe=evt-recorded")}`,
    );

    const drive = await googleFlow("drive", a.email, {
      cookie: a.cookie,
      returnToUrl: "/calendar?transcribe=evt-recorded",
    });
    expect(drive.location).toBe("/calendar?transcribe=evt-recorded");
    await control("reset");
    // The download is cut halfway: it resumes at the byte it reached.
    await control("fail", { match: "drive-cut", count: 1 });
    // Speaker recognition is chosen for the import like for an upload; a count without it is refused.
    const noDiarize = { method: "POST", cookie: a.cookie, json: { num_speakers: 2 } } as const;
    expect((await api("/api/meetings/evt-recorded/recording", noDiarize)).status).toBe(400);
    const started = await api("/api/meetings/evt-recorded/recording", {
      method: "POST",
      cookie: a.cookie,
      json: { diarize: true },
    });
    expect(started.status).toBe(201);
    const { transcriptionId } = await readJson(started, recordingStartedSchema);
    const media = (await requests()).filter((r) => r.query.alt === "media");
    expect(media).toHaveLength(2);
    expect(media[0]?.range).toMatch(/^bytes=0-\d+$/);
    expect(media[1]?.range).toMatch(/^bytes=[1-9]\d*-\d+$/);

    const { t } = await waitUntilDone(a.cookie, transcriptionId);
    expect(t.status).toBe("COMPLETED");
    expect(t.text?.toLowerCase()).toContain("ask not what your country can do for you");
    expect(t.name).toBe("Weekly sync");
    expect(t.diarize).toBe(true);

    const listA = await readJson(await meetings(a.cookie), meetingSchema.array());
    expect(listA.find((m) => m.id === "evt-recorded")?.transcriptionId).toBe(transcriptionId);
    // Asking again does not import twice.
    const again = await api("/api/meetings/evt-recorded/recording", { method: "POST", cookie: a.cookie });
    expect((await readJson(again, recordingStartedSchema)).transcriptionId).toBe(transcriptionId);

    // B has a meeting with the same event id in their own calendar: it shows no transcript of A's.
    const listB = await readJson(await meetings(b.cookie), meetingSchema.array());
    expect(listB.find((m) => m.id === "evt-recorded")?.transcriptionId).toBeNull();
    expect(listB.find((m) => m.id === "evt-recorded")?.recording?.fileId).not.toBe(
      listA.find((m) => m.id === "evt-recorded")?.recording?.fileId,
    );
    expect((await api(`/api/transcriptions/${transcriptionId}`, { cookie: b.cookie })).status).toBe(404);
    expect(JSON.stringify(await (await api("/api/transcriptions", { cookie: b.cookie })).json())).not.toContain(
      transcriptionId,
    );
  });

  it("counts a recording against the Free plan like an upload: at the limit, 402 and nothing stored", async () => {
    const c = await connectedUser(uniqueEmail("rec.free"));
    await googleFlow("drive", c.email, { cookie: c.cookie, returnToUrl: "/calendar" });
    const me = await readJson(await api("/api/user", { cookie: c.cookie }), publicUserSchema);
    for (let i = 0; i < 3; i++) await reserveSlot(env.DB, { userId: me.id, workspaceId: null });
    const res = await api("/api/meetings/evt-recorded/recording", { method: "POST", cookie: c.cookie });
    expect(res.status).toBe(402);
    expect(await (await api("/api/transcriptions", { cookie: c.cookie })).json()).toEqual([]);
    expect((await env.MEDIA.list({ prefix: `users/${me.id}/` })).objects).toEqual([]);
  });
});

describe("a meeting's recording when Drive fails", () => {
  const DRIVE_DOWN = "Google Drive is unavailable right now. Please try again.";
  // Every failure below is injected for many requests; none may outlive its test.
  afterEach(() => control("reset"));

  /** A connected user who has allowed Drive, and their id (for what they have stored). */
  async function driveUser() {
    const u = await connectedUser(uniqueEmail("rec.fail"));
    await googleFlow("drive", u.email, { cookie: u.cookie, returnToUrl: "/calendar" });
    const me = await readJson(await api("/api/user", { cookie: u.cookie }), publicUserSchema);
    await control("reset");
    return { ...u, id: me.id };
  }

  /** The import with Google's timeout shortened, so a silent Drive is given up on in half a second. */
  const importQuickly = (cookie: string) =>
    apiWithEnv({ GOOGLE_TIMEOUT_MS: "500" }, "/api/meetings/evt-recorded/recording", { method: "POST", cookie });

  async function expectNothingStored(u: { cookie: string; id: string }) {
    expect(await (await api("/api/transcriptions", { cookie: u.cookie })).json()).toEqual([]);
    expect((await env.MEDIA.list({ prefix: `users/${u.id}/` })).objects).toEqual([]);
  }

  it.each([
    ["cut halfway through every range", "drive-cut"],
    ["dropped before every answer", "drive-drop"],
  ])(
    "a connection %s: a few tries, then 502 and nothing stored",
    async (_, match) => {
      const u = await driveUser();
      await control("fail", { match, count: 100 });
      const res = await api("/api/meetings/evt-recorded/recording", { method: "POST", cookie: u.cookie });
      expect(res.status).toBe(502);
      expect(await errorMessage(res)).toBe(DRIVE_DOWN);
      const tries = (await requests()).filter((r) => r.query.alt === "media").length;
      expect(tries).toBeGreaterThan(1);
      expect(tries).toBeLessThanOrEqual(4);
      await expectNothingStored(u);
    },
    60_000,
  );

  it("a Drive that never answers: 502 once the timeout has passed", async () => {
    const u = await driveUser();
    await control("fail", { match: "drive-hang", count: 100 });
    const started = Date.now();
    const res = await importQuickly(u.cookie);
    expect(res.status).toBe(502);
    expect(await errorMessage(res)).toBe(DRIVE_DOWN);
    expect(Date.now() - started).toBeLessThan(10_000);
    await expectNothingStored(u);
  }, 30_000);

  it("a download that goes silent mid-range: resumed a few times, then 502", async () => {
    const u = await driveUser();
    await control("fail", { match: "drive-stall", count: 100 });
    const started = Date.now();
    const res = await importQuickly(u.cookie);
    expect(res.status).toBe(502);
    expect(await errorMessage(res)).toBe(DRIVE_DOWN);
    expect(Date.now() - started).toBeLessThan(10_000);
    const ranges = (await requests()).filter((r) => r.query.alt === "media").map((r) => r.range);
    expect(ranges.length).toBeGreaterThan(1);
    expect(ranges.length).toBeLessThanOrEqual(4);
    expect(ranges[1]).toMatch(/^bytes=[1-9]\d*-\d+$/);
    await expectNothingStored(u);
  }, 30_000);
});

// @ts-check
// Local stand-ins for Google, for the tests only (never started by `pnpm start`): OAuth 2.0 / OpenID Connect
// from oauth2-mock-server (real RS256-signed ID tokens and a real JWKS), and a node:http fake that speaks
// Calendar API v3 (events.list with paging, events.get, events.insert with conferenceData) and Drive v3
// (files.get metadata and alt=media with Range) in Google's JSON and error formats. One server, one port.
//
// The browser's "Google account" is the cookie `fake_google_user` (an e-mail) on this server's origin, as a
// real Google session would be; without it, DEFAULT_USER signs in. Tests steer the next answers through
// POST /__control/* (see `control` below).
import { createHash, randomUUID } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { OAuth2Issuer, OAuth2Service } from "oauth2-mock-server";

/** @typedef {import("node:http").IncomingMessage} Request */
/** @typedef {import("node:http").ServerResponse} Response */
/** @typedef {{ email: string, scopes: string[] }} Grant who signed in and what they allowed */
/** @typedef {{ dateTime?: string, date?: string }} EventTime */
/** @typedef {{ id: string, start: EventTime, end: EventTime, [field: string]: unknown }} CalendarEvent */
/**
 * A one-shot override of the token endpoint's next answer (POST /__control/next-token).
 * @typedef {{ grant: string, claims?: object, tamperSignature?: boolean, omitIdToken?: boolean, error?: string,
 *   status?: number, expiresIn?: number }} TokenOverride
 */
/**
 * An injected API failure (POST /__control/fail).
 * @typedef {{ match: string, count: number, status: number, message?: string, reason?: string,
 *   retryAfter?: number }} Failure
 */

export const CLIENT_ID = "verbatim-test-client.apps.googleusercontent.com";
export const CLIENT_SECRET = "test-client-secret-not-for-production";
export const DEFAULT_USER = "ada.lovelace@example.com";
const CALENDAR_SCOPE = "https://www.googleapis.com/auth/calendar.events";
const DRIVE_SCOPES = ["https://www.googleapis.com/auth/drive.readonly", "https://www.googleapis.com/auth/drive"];
/** Google may return fewer events than maxResults per page; small pages make paging observable. */
const PAGE_SIZE = 3;

/** @param {string} email */
const subOf = (email) => `1${createHash("sha256").update(email).digest("hex").replace(/\D/g, "").slice(0, 20)}`;
/** @param {string} email */
const nameOf = (email) =>
  String(email.split("@")[0])
    .split(/[._-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");

/**
 * @param {Request} req
 * @returns {Promise<string>}
 */
function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const parts = [];
    req.on("data", (c) => parts.push(c));
    req.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    req.on("error", reject);
  });
}

/**
 * @param {Request} req
 * @param {string} name
 */
function cookie(req, name) {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return null;
}

/**
 * @param {Response} res
 * @param {number} status
 * @param {string} message
 * @param {string} reason
 * @param {Record<string, string>} [headers]
 */
function googleError(res, status, message, reason, headers = {}) {
  /** @type {Record<number, string>} */
  const statusTexts = { 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND", 429: "RESOURCE_EXHAUSTED" };
  const statusText = statusTexts[status] ?? "UNAVAILABLE";
  res.writeHead(status, { "Content-Type": "application/json; charset=UTF-8", ...headers });
  res.end(
    JSON.stringify({
      error: {
        code: status,
        message,
        errors: [{ message, domain: "global", reason }],
        status: statusText,
        details:
          reason === "insufficientPermissions"
            ? [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT" }]
            : [],
      },
    }),
  );
}

/**
 * @param {Response} res
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(res, status, body) {
  res.writeHead(status, { "Content-Type": "application/json; charset=UTF-8" });
  res.end(JSON.stringify(body));
}

/**
 * A calendar for a new user: meetings around today, one past meeting with a Meet recording.
 * @param {string} email
 * @param {string} recordingFileId
 * @returns {CalendarEvent[]}
 */
function seedEvents(email, recordingFileId) {
  /** @type {(dayOffset: number, hour: number, minute?: number) => Date} */
  const at = (dayOffset, hour, minute = 0) => {
    const d = new Date();
    d.setDate(d.getDate() + dayOffset);
    d.setHours(hour, minute, 0, 0);
    return d;
  };
  /** @type {(id: string, summary: string, start: Date, minutes: number, extra?: object) => CalendarEvent} */
  const timed = (id, summary, start, minutes, extra = {}) => ({
    kind: "calendar#event",
    id,
    status: "confirmed",
    summary,
    start: { dateTime: start.toISOString() },
    end: { dateTime: new Date(start.getTime() + minutes * 60_000).toISOString() },
    organizer: { email, self: true },
    creator: { email, self: true },
    ...extra,
  });
  /** @param {string} code */
  const meet = (code) => ({
    hangoutLink: `https://meet.google.com/${code}`,
    conferenceData: {
      entryPoints: [
        { entryPointType: "video", uri: `https://meet.google.com/${code}`, label: `meet.google.com/${code}` },
        { entryPointType: "phone", uri: "tel:+1-402-555-0123", label: "+1 402-555-0123", pin: "123456789" },
      ],
      conferenceSolution: {
        key: { type: "hangoutsMeet" },
        name: "Google Meet",
        iconUri:
          "https://fonts.gstatic.com/s/i/productlogos/meet_2020q4/v6/web-512dp/logo_meet_2020q4_color_2x_web_512dp.png",
      },
      conferenceId: code,
    },
  });
  const tomorrow = at(1, 14);
  const allDayStart = new Date(at(3, 0));
  /** @param {Date} d */
  const ymd = (d) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  return [
    timed("evt-recorded", "Weekly sync", at(-1, 9), 30, {
      ...meet("rec-ordd-syn"),
      description: "<p>Agenda: <b>moon</b> speech</p>",
      attachments: [
        {
          fileId: recordingFileId,
          title: "Weekly sync - Recording",
          mimeType: "audio/mpeg",
          fileUrl: `https://drive.google.com/open?id=${recordingFileId}`,
        },
      ],
    }),
    timed("evt-design", "Design review", at(0, 10), 45, {
      ...meet("abc-defg-hij"),
      description: "Review the <i>new</i> calendar",
    }),
    timed("evt-customer", "Customer call", tomorrow, 60, { colorId: "4", location: "Room 4" }),
    {
      kind: "calendar#event",
      id: "evt-offsite",
      status: "confirmed",
      summary: "Team offsite",
      start: { date: ymd(allDayStart) },
      end: { date: ymd(at(4, 0)) },
      organizer: { email, displayName: "Team Lead" },
    },
    timed("evt-planning", "Quarterly planning", at(6, 11), 60, {
      colorId: "3",
      organizer: { displayName: "Grace Hopper", email: "grace@example.com" },
    }),
  ];
}

/**
 * Starts the fakes on `host:port` (port 0: a free one). `audioFile` is served as every user's Meet recording.
 * Returns the app's Google vars (every endpoint pointing here), the origin, control helpers and close().
 * @param {{ host?: string, port?: number, audioFile?: string }} [options]
 */
export async function startGoogleFake({ host = "127.0.0.1", port = 0, audioFile } = {}) {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate("RS256");
  const service = new OAuth2Service(issuer);

  /** @type {Map<string | null, Grant>} */
  const codes = new Map(); // code → { email, scopes }
  /** @type {Map<string, Set<string>>} */
  const grants = new Map(); // email → Set(scope): what the user allowed so far (include_granted_scopes)
  /** @type {Map<string | null, Grant>} */
  const accessTokens = new Map(); // token → { email, scopes }
  /** @type {Map<string | null, Grant>} */
  const refreshTokens = new Map(); // token → { email, scopes }
  /** @type {Map<string, Map<string, CalendarEvent>>} */
  const calendars = new Map(); // email → Map(id → event)
  /** @type {TokenOverride[]} */
  const next = []; // one-shot overrides for the token endpoint: { grant, claims, tamperSignature, omitIdToken, error, expiresIn }
  /** @type {Failure[]} */
  const failures = []; // injected API failures: { match, status, reason, retryAfter, count }
  /** @type {Set<Response>} */
  const silent = new Set(); // answers left hanging by drive-hang / drive-stall, ended by reset
  /** @type {{ method?: string, path: string, query: Record<string, string>, range: string | null }[]} */
  const log = [];
  /** @type {(string | null)[]} */
  const revoked = [];
  let tokenDelayMs = 0; // a slow token endpoint, so concurrent refreshes would overlap

  /** @param {string} email */
  const recordingId = (email) => `rec-${subOf(email).slice(0, 10)}`;
  /** @param {string} email */
  const calendar = (email) => {
    let events = calendars.get(email);
    if (!events) {
      events = new Map(seedEvents(email, recordingId(email)).map((e) => [e.id, e]));
      calendars.set(email, events);
    }
    return events;
  };

  service.on("beforeAuthorizeRedirect", ({ url }, req) => {
    const email = (cookie(req, "fake_google_user") || req.query.login_hint || DEFAULT_USER).toLowerCase();
    const asked = String(req.query.scope ?? "")
      .split(" ")
      .filter(Boolean);
    const granted =
      req.query.include_granted_scopes === "true" ? new Set([...(grants.get(email) ?? []), ...asked]) : new Set(asked);
    grants.set(email, granted);
    codes.set(url.searchParams.get("code"), { email, scopes: [...granted] });
  });

  service.on("beforeTokenSigning", (token, req) => {
    const grant = req.body.grant_type;
    const who = grant === "refresh_token" ? refreshTokens.get(req.body.refresh_token) : codes.get(req.body.code);
    if (!who) return;
    // Both tokens pass here; the ID token is the one addressed to the client.
    token.payload.sub = subOf(who.email);
    if (token.payload.aud === undefined || token.payload.scope !== undefined) return;
    Object.assign(token.payload, {
      email: who.email,
      email_verified: true,
      name: nameOf(who.email),
      picture: `https://lh3.googleusercontent.com/a/${subOf(who.email)}`,
      azp: CLIENT_ID,
      ...(next[0]?.grant === grant ? next[0]?.claims : {}),
    });
  });

  service.on("beforeResponse", (response, req) => {
    const grant = req.body.grant_type;
    const override = next[0]?.grant === grant ? next.shift() : null;
    if (grant === "authorization_code") {
      const who = codes.get(req.body.code);
      codes.delete(req.body.code); // a code works once, as at Google
      if (!who) {
        response.statusCode = 400;
        response.body = { error: "invalid_grant", error_description: "Malformed auth code." };
        return;
      }
      response.body.scope = who.scopes.join(" ");
      // Google sends a refresh token only for offline access.
      if (!who.scopes.includes(CALENDAR_SCOPE)) delete response.body.refresh_token;
      else refreshTokens.set(response.body.refresh_token, who);
      accessTokens.set(response.body.access_token, who);
    } else if (grant === "refresh_token") {
      const who = refreshTokens.get(req.body.refresh_token);
      if (!who) {
        response.statusCode = 400;
        response.body = { error: "invalid_grant", error_description: "Token has been expired or revoked." };
        return;
      }
      delete response.body.refresh_token;
      delete response.body.id_token;
      response.body.scope = who.scopes.join(" ");
      accessTokens.set(response.body.access_token, who);
    }
    if (!override) return;
    if (override.error) {
      response.statusCode = override.status ?? 400;
      response.body = { error: override.error, error_description: "Injected by the test" };
    }
    if (override.expiresIn !== undefined) response.body.expires_in = override.expiresIn;
    if (override.omitIdToken) delete response.body.id_token;
    if (override.tamperSignature && response.body.id_token) {
      // Same header and signature, a different payload: only a signature check can tell.
      const [h, p, s] = response.body.id_token.split(".");
      const payload = JSON.parse(Buffer.from(p, "base64url").toString());
      payload.email = "mallory@example.com";
      response.body.id_token = `${h}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${s}`;
    }
  });

  /** @param {Request} req */
  function authorize(req) {
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    return accessTokens.get(token) ?? null;
  }

  /**
   * @param {Response} res
   * @param {string} kind
   */
  function injected(res, kind) {
    const f = failures.find((x) => x.match === kind && x.count > 0);
    if (!f) return false;
    f.count--;
    googleError(
      res,
      f.status,
      f.message ?? "Injected failure",
      f.reason ?? "backendError",
      f.retryAfter ? { "Retry-After": String(f.retryAfter) } : {},
    );
    return true;
  }

  /**
   * @param {Request} req
   * @param {Response} res
   * @param {URL} url
   */
  async function calendarApi(req, res, url) {
    const who = authorize(req);
    if (!who) return googleError(res, 401, "Request had invalid authentication credentials.", "authError");
    if (!who.scopes.includes(CALENDAR_SCOPE))
      return googleError(res, 403, "Request had insufficient authentication scopes.", "insufficientPermissions");
    const m = url.pathname.match(/^\/calendar\/v3\/calendars\/primary\/events(?:\/([^/]+))?$/);
    if (!m) return googleError(res, 404, "Not Found", "notFound");
    if (injected(res, "calendar")) return;
    const events = calendar(who.email);
    const q = url.searchParams;
    if (req.method === "GET" && m[1]) {
      const event = events.get(decodeURIComponent(m[1]));
      return event ? sendJson(res, 200, event) : googleError(res, 404, "Not Found", "notFound");
    }
    if (req.method === "GET") {
      if (q.get("orderBy") === "startTime" && q.get("singleEvents") !== "true")
        return googleError(res, 400, "The requested ordering is not available for the particular query.", "invalid");
      const timeMin = q.get("timeMin");
      const timeMax = q.get("timeMax");
      const min = timeMin ? Date.parse(timeMin) : -Infinity;
      const max = timeMax ? Date.parse(timeMax) : Infinity;
      /** @param {CalendarEvent} e */
      const startOf = (e) => Date.parse(e.start.dateTime ?? `${e.start.date}T00:00:00`);
      /** @param {CalendarEvent} e */
      const endOf = (e) => Date.parse(e.end.dateTime ?? `${e.end.date}T00:00:00`);
      const matching = [...events.values()]
        .filter((e) => endOf(e) > min && startOf(e) < max)
        .sort((a, b) => startOf(a) - startOf(b));
      const size = Math.min(Number(q.get("maxResults") ?? 250), PAGE_SIZE);
      const pageToken = q.get("pageToken");
      const offset = pageToken ? Number(Buffer.from(pageToken, "base64url").toString()) : 0;
      const items = matching.slice(offset, offset + size);
      /** @type {{ kind: string, summary: string, timeZone: string, items: CalendarEvent[], nextPageToken?: string }} */
      const body = { kind: "calendar#events", summary: who.email, timeZone: "UTC", items };
      if (offset + size < matching.length)
        body.nextPageToken = Buffer.from(String(offset + size)).toString("base64url");
      return sendJson(res, 200, body);
    }
    if (req.method === "POST") {
      const input = JSON.parse((await readBody(req)) || "{}");
      if (!input.start || !input.end) return googleError(res, 400, "Missing end time.", "required");
      const id = randomUUID().replace(/-/g, "");
      const event = {
        kind: "calendar#event",
        id,
        status: "confirmed",
        ...input,
        organizer: { email: who.email, self: true },
        creator: { email: who.email, self: true },
      };
      delete event.conferenceData;
      if (input.conferenceData?.createRequest && q.get("conferenceDataVersion") === "1") {
        const code = `${id.slice(0, 3)}-${id.slice(3, 7)}-${id.slice(7, 10)}`;
        event.hangoutLink = `https://meet.google.com/${code}`;
        event.conferenceData = {
          createRequest: { ...input.conferenceData.createRequest, status: { statusCode: "success" } },
          entryPoints: [{ entryPointType: "video", uri: event.hangoutLink, label: `meet.google.com/${code}` }],
          conferenceSolution: { key: { type: "hangoutsMeet" }, name: "Google Meet" },
          conferenceId: code,
        };
      }
      events.set(id, event);
      return sendJson(res, 200, event);
    }
    return googleError(res, 405, "Method not allowed", "invalid");
  }

  /**
   * @param {Request} req
   * @param {Response} res
   * @param {URL} url
   */
  function driveApi(req, res, url) {
    const who = authorize(req);
    if (!who) return googleError(res, 401, "Request had invalid authentication credentials.", "authError");
    if (!who.scopes.some((s) => DRIVE_SCOPES.includes(s)))
      return googleError(res, 403, "Request had insufficient authentication scopes.", "insufficientPermissions");
    const m = url.pathname.match(/^\/drive\/v3\/files\/([^/]+)$/);
    const fileId = m?.[1];
    if (!fileId || decodeURIComponent(fileId) !== recordingId(who.email) || !audioFile)
      return googleError(res, 404, `File not found: ${m?.[1]}.`, "notFound");
    if (injected(res, "drive")) return;
    const size = statSync(audioFile).size;
    if (url.searchParams.get("alt") !== "media") {
      return sendJson(res, 200, {
        id: decodeURIComponent(fileId),
        name: "Weekly sync - Recording",
        mimeType: "audio/mpeg",
        size: String(size),
      });
    }
    const broken = failures.find((x) => (x.match === "drive-drop" || x.match === "drive-hang") && x.count > 0);
    if (broken) {
      // The download's connection closes before any answer (drop), or stays open with no answer (hang).
      broken.count--;
      if (broken.match === "drive-drop") return void req.socket.destroy();
      return void silent.add(res);
    }
    const bytes = readFileSync(audioFile);
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
    if (!range) {
      res.writeHead(200, { "Content-Type": "audio/mpeg", "Content-Length": size, "Accept-Ranges": "bytes" });
      return res.end(bytes);
    }
    const start = Number(range[1]);
    const end = Math.min(range[2] ? Number(range[2]) : size - 1, size - 1);
    if (start >= size) {
      res.writeHead(416, { "Content-Range": `bytes */${size}` });
      return res.end();
    }
    res.writeHead(206, {
      "Content-Type": "audio/mpeg",
      "Content-Length": end - start + 1,
      "Content-Range": `bytes ${start}-${end}/${size}`,
    });
    const cut = failures.find((x) => (x.match === "drive-cut" || x.match === "drive-stall") && x.count > 0);
    if (cut) {
      // Halfway through the range the connection drops (cut) or goes silent (stall): a client must resume
      // from the byte it reached.
      cut.count--;
      res.write(bytes.subarray(start, start + Math.floor((end - start + 1) / 2)));
      if (cut.match === "drive-stall") silent.add(res);
      else setTimeout(() => res.destroy(), 50);
      return;
    }
    res.end(bytes.subarray(start, end + 1));
  }

  /**
   * @param {Request} req
   * @param {Response} res
   * @param {URL} url
   */
  async function controlApi(req, res, url) {
    const body = req.method === "POST" ? JSON.parse((await readBody(req)) || "{}") : {};
    switch (url.pathname) {
      case "/__control/next-token": // { grant, claims?, tamperSignature?, omitIdToken?, error?, status?, expiresIn? }
        next.push({ grant: "authorization_code", ...body }); // grant: "refresh_token" aims at the next refresh
        return sendJson(res, 200, { ok: true });
      // { match, status, count, reason?, retryAfter? }: "calendar" and "drive" answer an error; the download
      // (alt=media) is cut mid-range ("drive-cut"), dropped before an answer ("drive-drop"), never answered
      // ("drive-hang") or goes silent mid-range ("drive-stall").
      case "/__control/fail":
        failures.push({ count: 1, ...body });
        return sendJson(res, 200, { ok: true });
      case "/__control/token-delay": // { ms }
        tokenDelayMs = Number(body.ms) || 0;
        return sendJson(res, 200, { ok: true });
      case "/__control/log":
        return sendJson(res, 200, { requests: log, revoked });
      case "/__control/reset":
        next.length = 0;
        failures.length = 0;
        log.length = 0;
        tokenDelayMs = 0;
        for (const hanging of silent) hanging.destroy();
        silent.clear();
        return sendJson(res, 200, { ok: true });
      default:
        return sendJson(res, 404, { error: "unknown control" });
    }
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(/** @type {string} */ (req.url), `http://${req.headers.host}`);
      if (!url.pathname.startsWith("/__control")) {
        log.push({
          method: req.method,
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          range: req.headers.range ?? null,
        });
      }
      if (url.pathname.startsWith("/__control/")) return await controlApi(req, res, url);
      if (url.pathname.startsWith("/calendar/v3/")) return await calendarApi(req, res, url);
      if (url.pathname.startsWith("/drive/v3/")) return driveApi(req, res, url);
      if (url.pathname === "/revoke" && req.method === "POST") {
        // Google's revocation: the token and every token of the same grant stop working.
        const token = new URLSearchParams(await readBody(req)).get("token");
        const who = accessTokens.get(token) ?? refreshTokens.get(token);
        revoked.push(token);
        if (!who) return sendJson(res, 400, { error: "invalid_token" });
        for (const map of [accessTokens, refreshTokens])
          for (const [k, v] of map) if (v.email === who.email) map.delete(k);
        grants.delete(who.email);
        res.writeHead(200);
        return res.end();
      }
      if (url.pathname === "/token" && tokenDelayMs) await new Promise((r) => setTimeout(r, tokenDelayMs));
      service.requestHandler(req, res);
    } catch (err) {
      if (!res.headersSent) sendJson(res, 500, { error: String(err) });
      else res.destroy();
    }
  });
  /** @type {Promise<void>} */
  const listening = new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  await listening;
  const origin = `http://${host}:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}`;
  issuer.url = origin;

  const vars = {
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    GOOGLE_TOKEN_KEYS: "test1:test-token-encryption-key-0123456789",
    GOOGLE_AUTH_URL: `${origin}/authorize`,
    GOOGLE_TOKEN_URL: `${origin}/token`,
    GOOGLE_REVOKE_URL: `${origin}/revoke`,
    GOOGLE_JWKS_URL: `${origin}/jwks`,
    GOOGLE_ISSUER: origin,
    GOOGLE_CALENDAR_API_URL: `${origin}/calendar/v3`,
    GOOGLE_DRIVE_API_URL: `${origin}/drive/v3`,
  };
  return {
    origin,
    vars,
    /** @returns {Promise<void>} */
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

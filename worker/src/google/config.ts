import type { Bindings } from "../env";

/** Google's published endpoints (https://accounts.google.com/.well-known/openid-configuration). */
const DEFAULTS = {
  authUrl: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenUrl: "https://oauth2.googleapis.com/token",
  revokeUrl: "https://oauth2.googleapis.com/revoke",
  jwksUrl: "https://www.googleapis.com/oauth2/v3/certs",
  issuer: "https://accounts.google.com",
  calendarApiUrl: "https://www.googleapis.com/calendar/v3",
  driveApiUrl: "https://www.googleapis.com/drive/v3",
};

/**
 * How long Google may take to start answering, and the longest pause within an answer (a download's included).
 * Google's APIs answer in well under a second; after this long a user is better told to try again.
 */
const TIMEOUT_MS = 15_000;

export type GoogleConfig = typeof DEFAULTS & { clientId: string; clientSecret: string; timeoutMs: number };

export const SCOPES = {
  signIn: ["openid", "email", "profile"],
  calendar: "https://www.googleapis.com/auth/calendar.events",
  // Meet recordings live in the organiser's Drive and were not created by this app, so drive.file cannot
  // reach them; read-only access is the narrowest scope that can, and it is asked for only on demand.
  driveRead: "https://www.googleapis.com/auth/drive.readonly",
};

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** The Google settings, or null when the server has no OAuth client (the buttons then explain instead). */
export function googleConfig(env: Bindings): GoogleConfig | null {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return {
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    authUrl: env.GOOGLE_AUTH_URL || DEFAULTS.authUrl,
    tokenUrl: env.GOOGLE_TOKEN_URL || DEFAULTS.tokenUrl,
    revokeUrl: env.GOOGLE_REVOKE_URL || DEFAULTS.revokeUrl,
    jwksUrl: env.GOOGLE_JWKS_URL || DEFAULTS.jwksUrl,
    issuer: env.GOOGLE_ISSUER || DEFAULTS.issuer,
    calendarApiUrl: trimSlash(env.GOOGLE_CALENDAR_API_URL || DEFAULTS.calendarApiUrl),
    driveApiUrl: trimSlash(env.GOOGLE_DRIVE_API_URL || DEFAULTS.driveApiUrl),
    timeoutMs: Number(env.GOOGLE_TIMEOUT_MS) || TIMEOUT_MS,
  };
}

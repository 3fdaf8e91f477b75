import { env } from "cloudflare:test";
import { inject } from "vitest";
import { api, setCookies } from "./http";

// Drives the Google flow as a browser would: the app's redirect to "Google", Google's redirect back with a
// code, the callback — against the local oauth2-mock-server and Calendar/Drive fakes (global setup).

export const googleOrigin = () => inject("googleMockOrigin");

export function control(path: string, body: unknown = {}) {
  return fetch(`${googleOrigin()}/__control/${path}`, { method: "POST", body: JSON.stringify(body) });
}

const cookiePairs = (res: Response) => setCookies(res).map((c) => c.split(";")[0] as string);
const joinCookies = (...lists: (string | undefined)[]) => lists.filter(Boolean).join("; ");

export interface FlowResult {
  /** Where the callback sent the browser (a same-origin path). */
  location: string;
  /** The session cookie set by the callback ("" when none). */
  session: string;
  response: Response;
}

/** GET /api/auth/google → Google; returns Google's URL and the one-time cookie the app set. */
export async function begin(query: Record<string, string>, cookie?: string) {
  const res = await api(`/api/auth/google?${new URLSearchParams(query)}`, { cookie, redirect: "manual" });
  const location = res.headers.get("Location") ?? "";
  const authCookie = cookiePairs(res).find((c) => c.startsWith("verbatim_google_auth=")) ?? "";
  return { res, location, authCookie };
}

/** "Google" signs `email` in and answers with the redirect back to the app's callback. */
export async function atGoogle(authorizeUrl: string, email: string) {
  const res = await fetch(authorizeUrl, {
    redirect: "manual",
    headers: { Cookie: `fake_google_user=${encodeURIComponent(email)}` },
  });
  const back = new URL(res.headers.get("Location") ?? "");
  return `${back.pathname}${back.search}`;
}

export async function callback(pathAndQuery: string, cookie: string): Promise<FlowResult> {
  const response = await api(pathAndQuery, { cookie, redirect: "manual" });
  const session =
    cookiePairs(response).find((c) => c.startsWith("verbatim_session=") && c !== "verbatim_session=") ?? "";
  return { location: response.headers.get("Location") ?? "", session, response };
}

/** The whole round trip. `intent` login|signup|connect|drive; `cookie` = the signed-in session (connect). */
export async function googleFlow(intent: string, email: string, opts: { cookie?: string; returnToUrl?: string } = {}) {
  const query: Record<string, string> = { intent };
  if (opts.returnToUrl) query.returnToUrl = opts.returnToUrl;
  const start = await begin(query, opts.cookie);
  const back = await atGoogle(start.location, email);
  return callback(back, joinCookies(start.authCookie, opts.cookie));
}

let n = 0;
export const uniqueEmail = (name = "g") => `${name}.${Date.now()}${n++}@example.com`;

/** A Google-signed-up user with the calendar connected: their session cookie. */
export async function connectedUser(email = uniqueEmail("cal")) {
  const signup = await googleFlow("signup", email);
  const connect = await googleFlow("connect", email, { cookie: signup.session });
  if (connect.location.includes("error=")) throw new Error(`connect failed: ${connect.location}`);
  return { cookie: signup.session, email };
}

export const dbRow = (sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<Record<string, unknown>>();

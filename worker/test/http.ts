import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { apiErrorSchema, publicUserSchema } from "@verbatim/shared";
import type { z } from "zod";
import { createApp } from "../src/app";

const worker = (exports as unknown as { default: Fetcher }).default;

/** Requests go through the Worker's real fetch handler, as a browser on the app's origin would send them. */
export const ORIGIN = "http://localhost";

type ApiInit = RequestInit & { json?: unknown; cookie?: string };

export async function api(path: string, init: ApiInit = {}) {
  return worker.fetch(apiRequest(path, init));
}

/**
 * The same request through the app with some settings changed (vars as an operator would set them), e.g. the
 * production abuse limits, which the test configuration raises for every other test.
 */
export async function apiWithEnv(
  vars: Partial<Record<keyof Cloudflare.Env, string | undefined>>,
  path: string,
  init: ApiInit = {},
) {
  const ctx = createExecutionContext();
  const res = await createApp().fetch(apiRequest(path, init), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

function apiRequest(path: string, init: ApiInit) {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.method && init.method !== "GET" && !headers.has("Origin")) headers.set("Origin", ORIGIN);
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  return new Request(path.startsWith("http") ? path : `${ORIGIN}${path}`, { ...init, headers, body });
}

/** The `name=value` pair of the session cookie a response set, for use on later requests. */
export function sessionCookie(res: Response) {
  const set = setCookies(res).find((c) => c.startsWith("verbatim_session="));
  return set?.split(";")[0] ?? "";
}

let counter = 0;
/** A client address of its own for each test client, so per-address limits never join unrelated tests. */
export const uniqueIp = () => `198.18.${(counter >> 8) & 255}.${counter++ & 255}`;

export async function signUp(name = `user${Date.now()}${counter++}`) {
  const res = await api("/api/register", {
    method: "POST",
    json: { username: name, email: `${name}@example.com`, password: "correct horse" },
    headers: { "CF-Connecting-IP": uniqueIp() },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const user = await readJson(res, publicUserSchema);
  return { user, cookie: sessionCookie(res) };
}

/** A response's JSON body checked against its wire schema (shared/): a shape that drifted fails where it is read. */
export async function readJson<S extends z.ZodType>(res: Response, schema: S): Promise<z.output<S>> {
  return schema.parse(await res.json());
}

/** The `message` of an error answer (every API error has one). */
export async function errorMessage(res: Response) {
  return (await readJson(res, apiErrorSchema)).message;
}

export function setCookies(res: Response): string[] {
  return (res.headers as unknown as { getSetCookie(): string[] }).getSetCookie();
}

/** Setup shortcut for tests about something else than payments: the account is PRO, so no plan limit applies. */
export async function makePro(userId: string) {
  const { env } = await import("cloudflare:test");
  await env.DB.prepare("UPDATE users SET subscription_plan = 'PRO', subscription_status = 'active' WHERE id = ?")
    .bind(userId)
    .run();
}

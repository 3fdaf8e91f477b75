import type { AppType } from "@verbatim/worker/app-type";
import { hc } from "hono/client";
import { z } from "zod";
import { localizeMessage } from "@/lib/i18n";

/**
 * The API client. Every call sends the session cookie. A non-ok answer throws ApiError, whose message is the
 * spec's generic "status: body"; `serverMessage` is the `{message}` of the JSON body, which screens show
 * to the user.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly serverMessage: string | null;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.statusText = statusText;
    this.serverMessage = parseMessage(body);
  }
}

function parseMessage(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") {
      return parsed.message;
    }
  } catch {
    // Not JSON: there is no server message, only the raw body in `message`.
  }
  return null;
}

/**
 * The message a user should read: the server's words when it gave some, else the fallback. A server message that
 * is one of the shared rules' (a validation message) is shown in the interface's language.
 */
export function userMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ? localizeMessage(error.serverMessage) : fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * The API, typed by the Worker's own routes (Hono's client over `AppType`): a call to a route the Worker lacks,
 * with another method or with the wrong input fails the typecheck. Calls go through `send` or `read`.
 */
export const api = hc<AppType>(location.origin, { init: { credentials: "include" } }).api;

/** What a typed call answers (Hono's ClientResponse), as much as these helpers need. */
export type Answer = Pick<Response, "ok" | "status" | "statusText" | "text" | "json" | "blob" | "headers" | "url">;

/** Waits for a call; an answer that is not ok throws ApiError. */
export async function send<R extends Answer>(call: Promise<R>): Promise<R> {
  const response = await call;
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => ""), response.statusText);
  return response;
}

/**
 * Waits for a call and checks its JSON against the shared schema of that wire shape (`@verbatim/shared`). An
 * answer that does not match is still used as it came, so a screen keeps working for the user, but it is logged
 * as an error naming the differences: the browser tests fail on any logged error, so a drift between the Worker,
 * the shared schemas and the tests' own fake answers cannot pass unnoticed.
 */
export async function read<S extends z.ZodType>(call: Promise<Answer>, schema: S): Promise<z.output<S>> {
  const response = await send(call);
  const body: unknown = await response.json();
  const checked = schema.safeParse(body);
  if (checked.success) return checked.data;
  console.error(
    `The answer of ${response.url || "an API call"} does not match its shared schema: ${z.prettifyError(checked.error)}`,
  );
  return body as z.output<S>;
}

/**
 * Per-call fetch options carrying an optional JSON body, for routes that read their body themselves (reprocess,
 * resumable completion, recording import): the typed client has no `json` input for them.
 */
export const withJsonBody = (body: unknown, signal?: AbortSignal) => ({
  init: { signal, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
});

/** Per-call fetch options of the typed client (e.g. an AbortSignal). */
export const withSignal = (signal: AbortSignal | undefined) => ({ init: { credentials: "include" as const, signal } });

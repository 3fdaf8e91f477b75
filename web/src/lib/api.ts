/**
 * The API client. Every call sends the session cookie. A non-ok answer throws ApiError, whose message is the
 * spec's generic "status: body" (§8); `serverMessage` is the `{message}` of the JSON body, which screens show
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

/** The message a user should read: the server's words when it gave some, else the fallback. */
export function userMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && typeof init.body === "string" && !headers.has("Content-Type")) {
    headers.set("Content-Type", "application/json");
  }
  const response = await fetch(path, { ...init, headers, credentials: "include" });
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => ""), response.statusText);
  return response;
}

export async function apiJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await apiFetch(path, init);
  return (await response.json()) as T;
}

/** JSON body helper: `apiJson(path, jsonBody("POST", payload))`. */
export function jsonBody(method: string, payload: unknown): RequestInit {
  return { method, body: JSON.stringify(payload) };
}

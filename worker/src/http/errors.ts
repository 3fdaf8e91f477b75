import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { ValidationErrorBody } from "@verbatim/shared";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error whose message is safe and meant for the user; anything else becomes a generic 500. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Machine-readable fields sent beside `message` (e.g. which plan limit refused the request). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (what = "Not found") => new ApiError(404, what);

const segment = (s: PropertyKey | StandardSchemaV1.PathSegment) => String(typeof s === "object" ? s.key : s);

export function validationError(issues: readonly StandardSchemaV1.Issue[]): ValidationErrorBody {
  const errors = issues.map((i) => ({ field: i.path?.map(segment).join(".") || "body", message: i.message }));
  return { message: errors[0]?.message ?? "Invalid request", errors };
}

export function onError(err: Error, c: Context) {
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json({ ...err.details, message: err.message }, err.status);
  }
  if (err instanceof HTTPException) {
    // Hono raises these for its own checks (body limit, malformed JSON, …); keep their status.
    const status = err.status;
    const message =
      status === 413 ? "Request body is too large" : status === 400 ? "Malformed request body" : err.message;
    return c.json({ message: message || "Request failed" }, status);
  }
  console.error(JSON.stringify({ level: "error", path: c.req.path, error: String(err?.stack ?? err) }));
  return c.json({ message: "Internal server error" }, 500);
}

import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ApiError } from "../http/errors";

// Errors of the OpenAI audio API in OpenAI's shape, `{error: {message, type, param, code}}`, which OpenAI's clients
// read the message from (the rest of the API answers `{message}`, http/errors.ts). The status is the same as the
// rest of the API gives for the same refusal.

/** The `param` an ApiError names (`details.param`), for OpenAI's error shape: which form field was wrong. */
export const withParam = (param: string, err: ApiError) =>
  new ApiError(err.status, err.message, err.headers, { ...err.details, param });

/** Refuses one form field, naming it. */
export const badField = (param: string, message: string) => new ApiError(400, message, {}, { param });

function typeAndCode(status: number, details: Record<string, unknown>): { type: string; code: string | null } {
  if (status === 401) return { type: "invalid_request_error", code: "invalid_api_key" };
  if (status === 403) return { type: "invalid_request_error", code: "insufficient_scope" };
  // A plan limit: which one, as the rest of the API's 402 names it (`limit`).
  if (status === 402)
    return { type: "insufficient_quota", code: typeof details.limit === "string" ? details.limit : null };
  if (status === 429) return { type: "requests", code: "rate_limit_exceeded" };
  if (status >= 500) return { type: "server_error", code: null };
  return { type: "invalid_request_error", code: typeof details.code === "string" ? details.code : null };
}

export function openAiError(status: ContentfulStatusCode, message: string, details: Record<string, unknown> = {}) {
  // A refused file (too large, not media) names the file field, as OpenAI's does.
  const param = typeof details.param === "string" ? details.param : status === 413 || status === 415 ? "file" : null;
  return { error: { message, ...typeAndCode(status, details), param } };
}

export function onOpenAiError(err: Error, c: Context) {
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json(openAiError(err.status, err.message, err.details), err.status);
  }
  if (err instanceof HTTPException) {
    const message = err.status === 413 ? "Request body is too large" : err.message || "Request failed";
    return c.json(openAiError(err.status, message), err.status);
  }
  console.error(JSON.stringify({ level: "error", path: c.req.path, error: String(err?.stack ?? err) }));
  return c.json(openAiError(500, "Internal server error"), 500);
}

import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

/** JSON bodies are small; uploads are streamed by their own routes with their own limits. */
const JSON_LIMIT = 1024 * 1024;
/** A whole edited transcript with word times (a three-hour meeting is ~3 MB of JSON) is the one large JSON body. */
const TRANSCRIPT_LIMIT = 16 * 1024 * 1024;
const TRANSCRIPT_SAVE = /^\/api\/transcriptions\/[^/]+\/transcript$/;

export const limitJsonBodies: MiddlewareHandler<AppEnv> = (c, next) => {
  // No GET or HEAD route reads a body (and one cannot be re-wrapped into a GET request to count it).
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  // Media types are case-insensitive (RFC 9110 §8.3.1): "Application/JSON" is parsed as JSON too, so it is bounded too.
  if (!/json/i.test(c.req.header("Content-Type") ?? "")) return next();
  return limitBody(c.req.method === "PUT" && TRANSCRIPT_SAVE.test(c.req.path) ? TRANSCRIPT_LIMIT : JSON_LIMIT)(c, next);
};

/** Counts a body as it streams in (or by its declared length) and refuses it past `maxSize` bytes with 413. */
export const limitBody = (maxSize: number): MiddlewareHandler<AppEnv> =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, "Request body is too large");
    },
  });

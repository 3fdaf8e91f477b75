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
  if (!c.req.header("Content-Type")?.includes("json")) return next();
  return bodyLimit({
    maxSize: c.req.method === "PUT" && TRANSCRIPT_SAVE.test(c.req.path) ? TRANSCRIPT_LIMIT : JSON_LIMIT,
    onError: () => {
      throw new ApiError(413, "Request body is too large");
    },
  })(c, next);
};

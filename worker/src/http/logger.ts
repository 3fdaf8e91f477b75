import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";

/** One structured line per request. Only method, path (no query: it may carry codes), status, time and user. */
export const requestLogger: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  await next();
  console.log(
    JSON.stringify({
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Date.now() - started,
      userId: c.get("userId") ?? null,
    }),
  );
};

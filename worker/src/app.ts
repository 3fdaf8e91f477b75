import { Hono } from "hono";
import { loadSession } from "./auth/middleware";
import { authRoutes } from "./auth/routes";
import { createDb } from "./db/client";
import type { AppEnv } from "./env";
import { limitJsonBodies } from "./http/body-limit";
import { closeAfterUnreadBody } from "./http/close-after-unread-body";
import { onError } from "./http/errors";
import { ffmpegCoreRoutes } from "./http/ffmpeg-core";
import { meetingRoutes } from "./google/meeting-routes";
import { googleOAuthRoutes } from "./google/oauth-routes";
import { healthRoutes } from "./http/health";
import { requestLogger } from "./http/logger";
import { chunkedRoutes } from "./transcriptions/chunked";
import { exportRoutes } from "./transcriptions/export-routes";
import { transcriptionRoutes } from "./transcriptions/routes";
import { uploadRoutes } from "./uploads/routes";
import { corsForAppOrigin, refuseCrossOrigin } from "./http/origin";
import { serverUrlRoutes } from "./http/server-url";
import { subscriptionRoutes } from "./subscription/routes";
import { userSettingsRoutes } from "./users/routes";

export function createApp() {
  const api = new Hono<AppEnv>()
    .use(requestLogger)
    .use(closeAfterUnreadBody)
    .use(corsForAppOrigin)
    .use(refuseCrossOrigin)
    .use(limitJsonBodies)
    .use(async (c, next) => {
      c.set("db", createDb(c.env.DB));
      await next();
    })
    .use(loadSession)
    .route("/", healthRoutes)
    .route("/", authRoutes)
    .route("/", exportRoutes)
    .route("/", transcriptionRoutes)
    .route("/", chunkedRoutes)
    .route("/", uploadRoutes)
    .route("/", ffmpegCoreRoutes)
    .route("/", userSettingsRoutes)
    .route("/", subscriptionRoutes)
    .route("/", serverUrlRoutes)
    .route("/", googleOAuthRoutes)
    .route("/", meetingRoutes);

  api.onError(onError);

  const app = new Hono<AppEnv>().route("/api", api);
  // Only /api/* runs the Worker first; anything else that reaches it is the SPA's (assets with SPA fallback).
  app.notFound((c) =>
    c.req.path.startsWith("/api/")
      ? c.json({ message: `No API route for ${c.req.method} ${c.req.path}` }, 404)
      : c.env.ASSETS.fetch(c.req.raw),
  );
  return app;
}

import { Hono } from "hono";
import { askRoutes, libraryAskRoutes } from "./ask";
import { apiKeyRoutes, authRoutes, loadSession } from "./auth";
import { billingRoutes } from "./billing";
import { commentRoutes } from "./comments";
import { createDb } from "./db/client";
import type { AppEnv } from "./env";
import { googleOAuthRoutes, googleStatusRoutes, meetingRoutes, serverUrlRoutes } from "./google";
import { healthRoutes } from "./health";
import { allowedMethodsOf } from "./http/allowed-methods";
import { limitJsonBodies } from "./http/body-limit";
import { closeAfterUnreadBody } from "./http/close-after-unread-body";
import { onError } from "./http/errors";
import { refuseUnknownHosts } from "./http/hosts";
import { requestLogger } from "./http/logger";
import { apiDocument, doc } from "./http/openapi";
import { corsForAppOrigin, refuseCrossOrigin } from "./http/origin";
import { securityHeaders } from "./http/security-headers";
import { openAiRoutes } from "./openai-api";
import { prerenderedLanding, sharePageHeaders, signedInAppPage } from "./pages";
import { pushRoutes } from "./push";
import { searchRoutes } from "./search";
import { sharedRoutes, shareLinkRoutes } from "./share-links";
import { statsRoutes } from "./stats";
import { subscriptionRoutes } from "./subscription";
import { syncRoutes } from "./sync";
import { transcriptionRoutes } from "./transcriptions";
import { ffmpegCoreRoutes, uploadRoutes } from "./uploads";
import { userRoutes } from "./users";
import { voiceRoutes } from "./voices";
import { webhookRoutes } from "./webhooks";
import { invitationRoutes, moveRoutes, workspaceRoutes } from "./workspaces";

export function createApp() {
  // The OpenAPI document describes the whole app, which exists only once every route below is mounted.
  const mounted: Pick<Hono, "routes"> = { routes: [] };
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
    // Each area at its URL prefix; an area that needs a session checks it once, on its own sub-app. Sign-up,
    // sign-in and billing keep the spec's URLs at the top of /api.
    .route("/health", healthRoutes)
    .route("/stats", statsRoutes)
    .route("/", authRoutes)
    .route("/user", userRoutes)
    .route("/transcriptions", transcriptionRoutes)
    .route("/transcriptions", shareLinkRoutes)
    .route("/transcriptions", commentRoutes)
    .route("/transcriptions", askRoutes)
    .route("/transcriptions", moveRoutes)
    .route("/workspaces", workspaceRoutes)
    .route("/invitations", invitationRoutes)
    .route("/shared", sharedRoutes)
    .route("/uploads", uploadRoutes)
    .route("/search", searchRoutes)
    .route("/library", libraryAskRoutes)
    .route("/voices", voiceRoutes)
    .route("/api-keys", apiKeyRoutes)
    .route("/webhooks", webhookRoutes)
    .route("/push", pushRoutes)
    .route("/sync", syncRoutes)
    .route("/ffmpeg", ffmpegCoreRoutes)
    .route("/subscription", subscriptionRoutes)
    .route("/", billingRoutes)
    .route("/auth/google", googleOAuthRoutes)
    .route("/google", googleStatusRoutes)
    .route("/meetings", meetingRoutes)
    .route("/server-url", serverUrlRoutes)
    .get(
      "/openapi.json",
      doc({
        summary: "This document: the whole API as OpenAPI 3.1",
        tag: "meta",
        auth: false,
        responses: {
          200: { description: "The OpenAPI document", content: { "application/json": { schema: { type: "object" } } } },
        },
      }),
      async (c) => c.json(await apiDocument(mounted)),
    );

  api.onError(onError);

  // The Worker runs first for every path (wrangler.toml), so the host check and the security headers cover
  // the static app and its SPA fallback as well as the API.
  // OpenAI's audio API keeps OpenAI's paths (/v1/audio/…), so a client's base URL is this origin's /v1.
  const app = new Hono<AppEnv>()
    .use(securityHeaders)
    .use(refuseUnknownHosts)
    .route("/api", api)
    .route("/v1", openAiRoutes);
  mounted.routes = app.routes;
  const allowedAt = allowedMethodsOf(app.routes);
  app.notFound(async (c) => {
    if (!c.req.path.startsWith("/api/") && !c.req.path.startsWith("/v1/"))
      return (
        (await prerenderedLanding(c)) ??
        (await signedInAppPage(c)) ??
        sharePageHeaders(c.req.path, await c.env.ASSETS.fetch(c.req.raw))
      );
    const allowed = allowedAt(c.req.path);
    if (allowed.length === 0) return c.json({ message: `No API route for ${c.req.method} ${c.req.path}` }, 404);
    c.header("Allow", allowed.join(", "));
    return c.json({ message: `${c.req.method} is not allowed on ${c.req.path}: use ${allowed.join(", ")}` }, 405);
  });
  return app;
}

/** The API as a type for Hono's typed client (`hc<AppType>`); see app-type.ts. */
export type { AppType } from "./app-type";

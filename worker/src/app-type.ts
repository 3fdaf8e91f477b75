import type { Hono } from "hono";
import type { HonoBase } from "hono/hono-base";
import type { MergePath, MergeSchemaPath, Schema } from "hono/types";
import type { askRoutes, libraryAskRoutes } from "./ask";
import type { apiKeyRoutes, authRoutes } from "./auth";
import type { billingRoutes } from "./billing";
import type { commentRoutes } from "./comments";
import type { AppEnv } from "./env";
import type { googleOAuthRoutes, googleStatusRoutes, meetingRoutes, serverUrlRoutes } from "./google";
import type { healthRoutes } from "./health";
import type { openAiRoutes } from "./openai-api";
import type { pushRoutes } from "./push";
import type { searchRoutes } from "./search";
import type { sharedRoutes, shareLinkRoutes } from "./share-links";
import type { statsRoutes } from "./stats";
import type { subscriptionRoutes } from "./subscription";
import type { syncRoutes } from "./sync";
import type { transcriptionRoutes } from "./transcriptions";
import type { ffmpegCoreRoutes, uploadRoutes } from "./uploads";
import type { userRoutes } from "./users";
import type { voiceRoutes } from "./voices";
import type { webhookRoutes } from "./webhooks";
import type { invitationRoutes, moveRoutes, workspaceRoutes } from "./workspaces";

// The API as a type, for Hono's typed client in the web app: `import type { AppType } from
// "@verbatim/worker/app-type"`, then `hc<AppType>("/")`. A call to a route the Worker lacks, or with the wrong
// method or input, fails the typecheck.
//
// It lists the areas app.ts mounts (app-type.test-d.ts fails if the two differ) rather than taking
// `ReturnType<typeof createApp>`: the whole app's inferred type is too long for TypeScript to write into the
// declaration file the web app reads (TS7056), while each area's is not. The OpenAPI document's own route
// is left out; the web app never calls it.

/** An area's routes (matched on Hono's base class: an area ending in `.route()` is typed as that, not `Hono`). */
type SchemaOf<T> = T extends HonoBase<AppEnv, infer S extends Schema, string, string> ? S : never;
/** What `.route(path, area)` under /api adds to the app's type (Hono's own `route()` signature). */
type Mounted<Path extends string, Area> = MergeSchemaPath<SchemaOf<Area>, MergePath<"/api", Path>>;

export type ApiSchema =
  | Mounted<"/health", typeof healthRoutes>
  | Mounted<"/stats", typeof statsRoutes>
  | Mounted<"/", typeof authRoutes>
  | Mounted<"/user", typeof userRoutes>
  | Mounted<"/transcriptions", typeof transcriptionRoutes>
  | Mounted<"/transcriptions", typeof shareLinkRoutes>
  | Mounted<"/transcriptions", typeof commentRoutes>
  | Mounted<"/transcriptions", typeof askRoutes>
  | Mounted<"/transcriptions", typeof moveRoutes>
  | Mounted<"/workspaces", typeof workspaceRoutes>
  | Mounted<"/invitations", typeof invitationRoutes>
  | Mounted<"/shared", typeof sharedRoutes>
  | Mounted<"/uploads", typeof uploadRoutes>
  | Mounted<"/search", typeof searchRoutes>
  | Mounted<"/library", typeof libraryAskRoutes>
  | Mounted<"/voices", typeof voiceRoutes>
  | Mounted<"/api-keys", typeof apiKeyRoutes>
  | Mounted<"/webhooks", typeof webhookRoutes>
  | Mounted<"/push", typeof pushRoutes>
  | Mounted<"/sync", typeof syncRoutes>
  | Mounted<"/ffmpeg", typeof ffmpegCoreRoutes>
  | Mounted<"/subscription", typeof subscriptionRoutes>
  | Mounted<"/", typeof billingRoutes>
  | Mounted<"/auth/google", typeof googleOAuthRoutes>
  | Mounted<"/google", typeof googleStatusRoutes>
  | Mounted<"/meetings", typeof meetingRoutes>
  | Mounted<"/server-url", typeof serverUrlRoutes>
  // OpenAI's audio API, beside /api at OpenAI's own paths (app.ts).
  | MergeSchemaPath<SchemaOf<typeof openAiRoutes>, "/v1">;

export type AppType = Hono<AppEnv, ApiSchema, "/">;

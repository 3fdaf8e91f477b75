import { messageResponseSchema } from "@verbatim/shared";
import { pushEndpointSchema, pushPublicKeySchema, pushSubscriptionSchema } from "@verbatim/shared/push";
import { Hono } from "hono";
import { currentUserId, requireUser } from "../auth";
import type { AppEnv } from "../env";
import { ApiError, notFound } from "../http/errors";
import { doc, json } from "../http/openapi";
import { validate } from "../http/validate";
import { removeSubscription, saveSubscription } from "./subscriptions";
import { vapidPublicKey } from "./vapid";

// Settings › Notifications › Browser notifications: the browser asks for the server's key, subscribes with its
// push service, and hands the subscription here. Only a signed-in session may (an API key never reaches these).

const tag = "push";
const UNAVAILABLE = "Browser notifications are not available on this server";
const docs = {
  publicKey: doc({
    summary: "The server's VAPID public key (the browser's applicationServerKey); null when it sends no pushes",
    tag,
    auth: false,
    responses: { 200: json(pushPublicKeySchema, "The key, or null") },
  }),
  subscribe: doc({
    summary: "Save this browser's push subscription (tied to this session: signing out removes it)",
    tag,
    responses: { 201: json(messageResponseSchema, "Saved") },
    errors: [400, 503],
  }),
  unsubscribe: doc({
    summary: "Remove this browser's push subscription, by its endpoint",
    tag,
    responses: { 200: json(messageResponseSchema, "Removed") },
    errors: [400, 404],
  }),
};

/**
 * The caller's session. Behind requireUser it is always there: an API key, the one caller without a session,
 * is refused before this area (rules/api-key-scopes.ts).
 */
function sessionOf(c: { get(key: "sessionId"): string | null }) {
  const id = c.get("sessionId");
  if (!id) throw new ApiError(401, "Not authenticated");
  return id;
}

export const pushRoutes = new Hono<AppEnv>()
  .get("/public-key", docs.publicKey, (c) => c.json({ publicKey: vapidPublicKey(c.env) }))
  .use("/subscriptions", requireUser)
  .post("/subscriptions", docs.subscribe, validate("json", pushSubscriptionSchema), async (c) => {
    if (!vapidPublicKey(c.env)) throw new ApiError(503, UNAVAILABLE);
    await saveSubscription(c.get("db"), currentUserId(c), sessionOf(c), c.req.valid("json"));
    return c.json({ message: "Browser notifications are on in this browser" }, 201);
  })
  .delete("/subscriptions", docs.unsubscribe, validate("json", pushEndpointSchema), async (c) => {
    if (!(await removeSubscription(c.get("db"), currentUserId(c), c.req.valid("json").endpoint)))
      throw notFound("No such subscription");
    return c.json({ message: "Browser notifications are off in this browser" });
  });

import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from "@verbatim/shared/webhooks";
import { Hono } from "hono";
import { z } from "zod";
import { currentUserId, requireUser } from "../auth";
import type { AppEnv } from "../env";
import { doc, json } from "../http/openapi";
import { validate } from "../http/validate";
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  resendDelivery,
  rotateSecret,
  sendTestEvent,
  updateWebhook,
  webhookDeliveries,
} from "./service";

// /api/webhooks: a signed-in session, or an API key with the webhooks:manage scope (rules/api-key-scopes.ts).

const tag = "webhooks";
const queued = json(webhookDeliverySchema, "Queued: the delivery log shows how it goes");
const docs = {
  list: doc({
    summary: "The caller's webhook endpoints, with their signing secrets",
    tag,
    responses: { 200: json(webhookEndpointListSchema, "The endpoints, newest first") },
  }),
  create: doc({
    summary: "Add a webhook endpoint (https, public host) for some transcription events",
    tag,
    responses: { 201: json(webhookEndpointSchema, "The endpoint, with its new signing secret") },
    errors: [400, 409],
  }),
  update: doc({
    summary: "Change an endpoint's URL, description or events, or switch it on or off",
    tag,
    responses: { 200: json(webhookEndpointSchema, "The endpoint as it is now") },
    errors: [400, 404],
  }),
  remove: doc({
    summary: "Delete an endpoint and its delivery log",
    tag,
    responses: { 200: json(z.object({ message: z.string(), id: z.string() }), "Deleted") },
    errors: [404],
  }),
  rotate: doc({
    summary: "A new signing secret; the previous one keeps signing too for 24 hours",
    tag,
    responses: { 200: json(webhookEndpointSchema, "The endpoint with its new secret") },
    errors: [404],
  }),
  deliveries: doc({
    summary: "The endpoint's latest 50 deliveries, newest first",
    tag,
    responses: { 200: json(webhookDeliveryListSchema, "The delivery log") },
    errors: [404],
  }),
  resend: doc({
    summary: "Send a delivery's message again (same webhook-id and body)",
    tag,
    responses: { 202: queued },
    errors: [404, 409],
  }),
  test: doc({
    summary: "Send a webhook.test event to the endpoint",
    tag,
    responses: { 202: queued },
    errors: [404],
  }),
};

export const webhookRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", docs.list, async (c) => c.json({ endpoints: await listWebhooks(c.get("db"), currentUserId(c)) }))
  .post("/", docs.create, validate("json", createWebhookSchema), async (c) => {
    return c.json(
      await createWebhook(c.env, c.get("db"), currentUserId(c), c.req.valid("json"), new URL(c.req.url).origin),
      201,
    );
  })
  .patch("/:id", docs.update, validate("json", updateWebhookSchema), async (c) => {
    const id = c.req.param("id");
    return c.json(
      await updateWebhook(c.env, c.get("db"), currentUserId(c), id, c.req.valid("json"), new URL(c.req.url).origin),
    );
  })
  .delete("/:id", docs.remove, async (c) => {
    await deleteWebhook(c.get("db"), currentUserId(c), c.req.param("id"));
    return c.json({ message: "Webhook endpoint deleted", id: c.req.param("id") });
  })
  .post("/:id/rotate-secret", docs.rotate, async (c) => {
    return c.json(await rotateSecret(c.get("db"), currentUserId(c), c.req.param("id")));
  })
  .get("/:id/deliveries", docs.deliveries, async (c) => {
    return c.json({ deliveries: await webhookDeliveries(c.get("db"), currentUserId(c), c.req.param("id")) });
  })
  .post("/:id/deliveries/:deliveryId/resend", docs.resend, async (c) => {
    const { id, deliveryId } = c.req.param();
    return c.json(await resendDelivery(c.env, c.get("db"), currentUserId(c), id, deliveryId), 202);
  })
  .post("/:id/test", docs.test, async (c) => {
    return c.json(await sendTestEvent(c.env, c.get("db"), currentUserId(c), c.req.param("id")), 202);
  });

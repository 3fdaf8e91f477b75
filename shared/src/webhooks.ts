import { z } from "zod";

// Webhooks (docs/architecture/api.md#webhooks): an account's endpoints are told when its transcriptions finish,
// fail, change or are deleted, with Standard Webhooks signatures (webhook-id, webhook-timestamp, webhook-signature).

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = [
  "transcription.completed",
  "transcription.failed",
  "transcription.updated",
  "transcription.deleted",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Every signing secret starts with it (the Standard Webhooks format: whsec_ and the key in base64). */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** Characters of a response body kept in the delivery log. */
export const WEBHOOK_RESPONSE_EXCERPT_CHARS = 500;

const events = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, "Choose at least one event")
  .refine((e) => new Set(e).size === e.length, "An event is listed twice");

const url = z.string().trim().min(1, "Give the endpoint's URL").max(2000, "The URL is longer than 2000 characters");

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    /** Why the server switched it off (a run of failed deliveries); null when the owner did, or it is on. */
    disabledReason: z.string().nullable(),
    /** The signing secret (whsec_…): the owner may read it again, like a receiver's configuration. */
    secret: z.string(),
    /** Until when the previous secret still signs too (after a rotation); null when there is none. */
    previousSecretExpiresAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

export const createWebhookSchema = z.object({
  url,
  description: z.string().trim().max(200).default(""),
  events,
});
export type CreateWebhook = z.input<typeof createWebhookSchema>;
export type NewWebhook = z.output<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .object({
    url: url.optional(),
    description: z.string().trim().max(200).optional(),
    events: events.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Nothing to change");
export type UpdateWebhook = z.input<typeof updateWebhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    endpointId: z.string(),
    /** The webhook-id header: the same for every attempt and every resend of one message. */
    messageId: z.string(),
    event: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    /** The last attempt's HTTP status; null before the first or when no answer came (timeout, refused). */
    httpStatus: z.number().int().nullable(),
    latencyMs: z.number().int().nullable(),
    /** The start of the last answer's body, or why there was none. */
    responseExcerpt: z.string().nullable(),
    createdAt: z.string(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

/** What every webhook's body is: the event, when it happened, and the transcription it is about. */
export const webhookPayloadSchema = z
  .object({
    type: z.union([z.enum(WEBHOOK_EVENTS), z.literal("webhook.test")]),
    timestamp: z.string(),
    data: z.object({
      id: z.string(),
      title: z.string(),
      status: z.string(),
      links: z.object({ app: z.string(), api: z.string() }),
    }),
  })
  .meta({ id: "WebhookPayload" });
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

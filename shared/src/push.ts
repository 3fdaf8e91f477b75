import { z } from "zod";

// Browser notifications through Web Push (docs/architecture/email.md#browser-notifications): the subscription a
// browser's PushManager hands out, and the small message the Worker pushes to it when a run ends.

/**
 * Where pushes go: a push service's https URL. Plain http only on loopback, where a local push service runs in
 * tests (a Worker in production cannot reach a loopback address anyway).
 */
const ENDPOINT = "The endpoint must be a push service's https URL";
const endpointSchema = z
  .url({ protocol: /^https?$/, error: ENDPOINT })
  .max(2048, "The endpoint is too long")
  // No credentials in the authority (nothing but the host before the path), and http only to loopback.
  .refine(
    (value) =>
      /^https:\/\/[^/@]+(\/|$)/.test(value) || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(value),
    ENDPOINT,
  );

export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  /** PushSubscription.toJSON() sends it; push services rarely set it and the Worker does not use it. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes, so it starts 0x04), base64url. */
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, "keys.p256dh must be a P-256 public key in base64url"),
    /** The 16-byte authentication secret, base64url. */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, "keys.auth must be 16 bytes in base64url"),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions: this browser's subscription, by its endpoint. */
export const pushEndpointSchema = z.object({ endpoint: endpointSchema });

/** The server's VAPID public key (base64url), or null when this server sends no pushes (no keys configured). */
export const pushPublicKeySchema = z.object({ publicKey: z.string().nullable() }).meta({ id: "PushPublicKey" });

/**
 * What a push carries: no transcript text, only enough to show the notification and open the transcript.
 * `heading` is already in the user's language (the Worker reads it from their preferences), so the service worker
 * needs no catalogue.
 */
export interface TranscriptionPush {
  type: "transcription";
  transcriptionId: string;
  status: "completed" | "failed";
  /** The transcription's name (its file name unless renamed). */
  title: string;
  /** "Transcription complete" or "Transcription failed", localized. */
  heading: string;
}

// When a webhook is attempted, and when an endpoint is given up on (docs/architecture/api.md#webhooks). The
// schedule is Standard Webhooks' (Svix's): each delay is counted from the attempt before, and the last attempt comes
// about 27 hours after the event. Every delay fits in one Cloudflare Queues `delaySeconds` (at most 12 hours), so a
// retry is the same message sent again with a delay, whatever the queue's own max_retries.

/** Seconds to wait before each attempt: the first goes at once. */
export const WEBHOOK_ATTEMPT_DELAYS = [0, 5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

/** Cloudflare Queues' longest delay for one message. */
export const QUEUE_MAX_DELAY_SECONDS = 12 * 3600;

/** The delay before attempt `attempt` (0-based), or null when the schedule is over and the message failed. */
export function delayBeforeAttempt(attempt: number): number | null {
  return WEBHOOK_ATTEMPT_DELAYS[attempt] ?? null;
}

/**
 * Messages in a row that exhaust every attempt before the endpoint is switched off (and its owner e-mailed). With the
 * schedule above that is an endpoint failing for more than a day, five events running; one success starts again.
 */
export const FAILED_MESSAGES_BEFORE_DISABLING = 5;

/** How long the secret before a rotation keeps signing beside the new one, so receivers can switch over. */
export const PREVIOUS_SECRET_SIGNS_FOR_MS = 24 * 3600 * 1000;

/** How long the delivery log keeps a message (the hourly cron prunes older ones). */
export const DELIVERIES_KEPT_FOR_MS = 30 * 24 * 3600 * 1000;

/** An attempt waits at most this long for the receiver's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Bytes of the receiver's answer read (the log keeps the start of it). */
export const WEBHOOK_RESPONSE_READ_BYTES = 4096;

import type { WebhookEvent } from "@verbatim/shared/webhooks";
import type { EmailJob } from "./email-jobs";

/** Something happened to a transcription that webhooks may be told (worker/src/webhooks/events.ts fans it out). */
export type WebhookEventMessage = {
  type: "webhook-event";
  userId: string;
  transcriptionId: string;
  /** transcription.finished: completed or failed, by the status when the message is handled. */
  event: WebhookEvent | "transcription.finished";
  /** When it happened (the payload's timestamp). */
  at: string;
  /** What a deleted transcription was: its row is gone by the time the message is handled. */
  deleted?: { title: string; status: string };
};

/** Queue messages. Each names one unit of work that can be retried on its own. */
export type JobMessage =
  | { type: "transcribe-chunk"; transcriptionId: string; idx: number }
  | { type: "stitch"; transcriptionId: string }
  | { type: "analyze"; transcriptionId: string }
  | { type: "email"; email: EmailJob }
  | { type: "push"; userId: string; transcriptionId: string }
  | WebhookEventMessage
  /** Attempt `attempt` (0-based, rules/webhook-schedule.ts) of one webhook delivery. */
  | { type: "webhook"; deliveryId: string; attempt: number }
  | { type: "ping" };

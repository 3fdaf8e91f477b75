import type { EmailJob } from "./email-jobs";

/** Queue messages. Each names one unit of work that can be retried on its own. */
export type JobMessage =
  | { type: "transcribe-chunk"; transcriptionId: string; idx: number }
  | { type: "stitch"; transcriptionId: string }
  | { type: "analyze"; transcriptionId: string }
  | { type: "email"; email: EmailJob }
  | { type: "ping" };

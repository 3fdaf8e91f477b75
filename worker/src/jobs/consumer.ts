import { createDb } from "../db/client";
import type { Bindings } from "../env";
import { deliverEmail } from "../mail";
import { deliverPush } from "../push";
import type { JobMessage } from "../rules/job-messages";
import { deliverWebhook, fanOut } from "../webhooks";
import { analyze } from "./analyze";
import { buildTranscript } from "./build-transcript";
import { transcribeChunk } from "./transcribe-chunk";

async function run(env: Bindings, body: JobMessage) {
  const db = createDb(env.DB);
  switch (body.type) {
    case "transcribe-chunk":
      return transcribeChunk(env, db, body.transcriptionId, body.idx);
    case "stitch":
      return buildTranscript(env, db, body.transcriptionId);
    case "analyze":
      return analyze(env, db, body.transcriptionId);
    case "email":
      await deliverEmail(env, db, body.email);
      return;
    case "push":
      await deliverPush(env, db, body);
      return;
    case "webhook-event":
      return fanOut(env, db, body);
    case "webhook":
      return deliverWebhook(env, db, body.deliveryId, body.attempt);
    case "ping":
      return;
  }
}

/**
 * Jobs handle their own expected failures (retry with backoff, or FAILED with a reason). Anything thrown here
 * is unexpected (D1 or R2 hiccup): the queue redelivers the message.
 */
export async function consume(batch: MessageBatch<JobMessage>, env: Bindings) {
  for (const msg of batch.messages) {
    try {
      await run(env, msg.body);
      msg.ack();
    } catch (err) {
      // An e-mail's message holds a one-time link: its kind is logged, never the link.
      const job = msg.body.type === "email" ? { type: "email", kind: msg.body.email.kind } : msg.body;
      console.error(JSON.stringify({ level: "error", job, attempts: msg.attempts, error: String(err) }));
      msg.retry({ delaySeconds: Math.min(60, 2 ** msg.attempts) });
    }
  }
}

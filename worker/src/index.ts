import { createApp } from "./app";
import type { Bindings } from "./env";
import type { JobMessage } from "./jobs/messages";

const app = createApp();

export default {
  fetch: app.fetch,
  async queue(batch: MessageBatch<JobMessage>, env: Bindings) {
    for (const msg of batch.messages) msg.ack();
    void env;
  },
} satisfies ExportedHandler<Bindings, JobMessage>;

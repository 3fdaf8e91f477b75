import { createApp } from "./app";
import { createDb } from "./db/client";
import type { Bindings } from "./env";
import { consume } from "./jobs/consumer";
import type { JobMessage } from "./jobs/messages";
import { resumeStalledJobs } from "./jobs/sweep";
import { abortAbandonedUploads } from "./uploads/expiry";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: consume,
  async scheduled(_controller, env, ctx) {
    const db = createDb(env.DB);
    ctx.waitUntil(Promise.all([resumeStalledJobs(env, db), abortAbandonedUploads(db, env.MEDIA)]));
  },
} satisfies ExportedHandler<Bindings, JobMessage>;

import { createApp } from "./app";
import { createDb } from "./db/client";
import type { Bindings } from "./env";
import { consume } from "./jobs/consumer";
import type { JobMessage } from "./jobs/messages";
import { resumeStalledJobs } from "./jobs/sweep";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: consume,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(resumeStalledJobs(env, createDb(env.DB)));
  },
} satisfies ExportedHandler<Bindings, JobMessage>;

import { createApp } from "./app";
import { purgeExpiredDevices, purgeExpiredSessions } from "./auth";
import { createDb } from "./db/client";
import type { Bindings } from "./env";
import { consume, resumeStalledJobs } from "./jobs";
import { forgetStaleHeldEmails, publishAnnouncements } from "./mail";
import type { JobMessage } from "./rules/job-messages";
import { indexMissing } from "./search";
import { sweepOrphans } from "./store/orphans";
import { abortAbandonedUploads } from "./uploads";
import { pruneOldDeliveries } from "./webhooks";

const app = createApp();
/** Must match the hourly entry of `crons` in wrangler.toml. */
const ORPHAN_SWEEP_CRON = "17 * * * *";

export default {
  fetch: app.fetch,
  queue: consume,
  async scheduled(controller, env, ctx) {
    const db = createDb(env.DB);
    // The hourly trigger (wrangler.toml) sweeps R2 for orphans, deletes expired sessions (a session is
    // otherwise deleted only when its cookie comes back), forgets e-mails held a month for an unconfirmed address,
    // indexes transcriptions search lacks, prunes the webhook delivery log and e-mails announcements whose time has come; the every-minute one resumes stalled
    // work.
    if (controller.cron === ORPHAN_SWEEP_CRON)
      ctx.waitUntil(
        Promise.all([
          sweepOrphans(db, env.MEDIA),
          purgeExpiredSessions(db),
          purgeExpiredDevices(db),
          forgetStaleHeldEmails(db),
          indexMissing(db),
          pruneOldDeliveries(db),
          publishAnnouncements(env, db),
        ]),
      );
    else ctx.waitUntil(Promise.all([resumeStalledJobs(env, db), abortAbandonedUploads(db, env.MEDIA)]));
  },
} satisfies ExportedHandler<Bindings, JobMessage>;

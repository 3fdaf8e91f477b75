import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { announcementsSent, userPreferences, users } from "../db/schema";
import type { Bindings } from "../env";
import type { JobMessage } from "../rules/job-messages";
import { ANNOUNCEMENTS } from "./templates";

/** Cloudflare Queues takes at most 100 messages a batch. */
const BATCH = 100;

/**
 * E-mails each announcement whose time has come, once, to every account with "New features" on and a confirmed
 * address (the hourly cron). The announcement is claimed first, so two crons never both send it; deliverEmail checks
 * the switch again when each e-mail goes, so an account that turned it off meanwhile gets nothing.
 */
export async function publishAnnouncements(env: Pick<Bindings, "JOBS">, db: Db, now = Date.now()) {
  for (const [id, announcement] of Object.entries(ANNOUNCEMENTS)) {
    if (Date.parse(announcement.publishAt) > now) continue;
    const claimed = await db.insert(announcementsSent).values({ id }).onConflictDoNothing().returning();
    if (claimed.length === 0) continue;
    const readers = await db
      .select({ id: users.id })
      .from(userPreferences)
      .innerJoin(users, eq(users.id, userPreferences.userId))
      .where(
        and(
          sql`json_extract(${userPreferences.data}, '$.notifications.emailNewFeatures') = 1`,
          isNotNull(users.emailVerifiedAt),
        ),
      );
    for (let i = 0; i < readers.length; i += BATCH) {
      const batch = readers.slice(i, i + BATCH).map((reader): { body: JobMessage } => ({
        body: { type: "email", email: { kind: "feature", userId: reader.id, announcement: id } },
      }));
      await env.JOBS.sendBatch(batch);
    }
  }
}

import { runOutcome } from "@verbatim/shared/transcription";
import { asc, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  heldEmails,
  transcriptions,
  type UserRow,
  webhookEndpoints,
  workspaceInvitations,
  workspaces,
} from "../db/schema";
import type { Bindings } from "../env";
import { ALWAYS_SENT_EVENTS, type EmailJob } from "../rules/email-jobs";
import { titleOf } from "../rules/transcription-title";
import { getPreferences } from "../store/preferences";
import { findUserById } from "../store/users";
import type { MailMessage } from "./mime";
import { type MailProvider, mailProvider, senderOf } from "./providers";
import { linkOrigin, queueEmail } from "./queue";
import {
  activityEmail,
  confirmationEmail,
  emailChangedEmail,
  featureEmail,
  invitationEmail,
  type Recipient,
  type Rendered,
  resetEmail,
  transcriptionEmail,
  webhookDisabledEmail,
} from "./templates";
import { unsubscribeUrls } from "./unsubscribe";

// The queue's e-mail messages, sent: the account, its address, language and switches are read now, so an e-mail
// follows what the user chose up to the moment it goes. A failure to send throws, and the queue retries it.

export type Outcome = "sent" | "off" | "held" | "dropped";

/** Holds a notification until the account's address is confirmed (releaseHeldEmails sends it then). */
async function hold(db: Db, userId: string, job: EmailJob): Promise<Outcome> {
  await db.insert(heldEmails).values({ userId, job: JSON.stringify(job) });
  return "held";
}

/** Queues every e-mail held for the account (its address was just confirmed). */
export async function releaseHeldEmails(env: Bindings, db: Db, userId: string) {
  const held = await db.select().from(heldEmails).where(eq(heldEmails.userId, userId)).orderBy(asc(heldEmails.id));
  if (held.length === 0) return;
  await db.delete(heldEmails).where(
    inArray(
      heldEmails.id,
      held.map((h) => h.id),
    ),
  );
  for (const h of held) await queueEmail(env, JSON.parse(h.job) as EmailJob);
}

/** Held e-mails are kept 30 days: an address nobody confirms in a month will not want last month's news. */
const HELD_FOR_MS = 30 * 24 * 60 * 60 * 1000;

/** Forgets e-mails held longer than that (the hourly cron). */
export async function forgetStaleHeldEmails(db: Db) {
  await db.delete(heldEmails).where(lt(heldEmails.createdAt, new Date(Date.now() - HELD_FOR_MS).toISOString()));
}

function formatAt(iso: string, language: string, timeZone: string) {
  try {
    return new Intl.DateTimeFormat(language, {
      dateStyle: "long",
      timeStyle: "short",
      timeZone,
      timeZoneName: "short",
    }).format(new Date(iso));
  } catch {
    return iso;
  }
}

export async function deliverEmail(env: Bindings, db: Db, job: EmailJob, provider?: MailProvider): Promise<Outcome> {
  if (job.kind === "reset-unknown") return "dropped";
  const user = await findUserById(db, job.userId);
  // The account was deleted since: nothing to tell it.
  if (!user) return "dropped";
  const prefs = await getPreferences(db, user.id);
  const to: Recipient = {
    language: prefs.general.language,
    name: user.fullName || user.username,
    username: user.username,
  };
  const origin = linkOrigin(env);
  const send = async (address: string, rendered: Rendered, headers?: Record<string, string>): Promise<Outcome> => {
    const message: MailMessage = { from: senderOf(env), to: address, ...rendered, ...(headers ? { headers } : {}) };
    await (provider ?? mailProvider(env)).send(message);
    console.log(JSON.stringify({ level: "info", email: job.kind, sent: true }));
    return "sent";
  };
  const sameAddress = (a: string) => a.toLowerCase() === user.email.toLowerCase();
  const verified = (u: UserRow) => u.emailVerifiedAt !== null;
  const notifications = prefs.notifications;

  switch (job.kind) {
    case "verify":
      // A link for an address the account no longer uses would confirm nothing.
      if (!sameAddress(job.email) || verified(user)) return "dropped";
      return send(job.email, confirmationEmail(to, { email: job.email, link: job.link }));
    case "reset":
      if (!sameAddress(job.email)) return "dropped";
      return send(user.email, resetEmail(to, { link: job.link }));
    case "email-changed-old":
      return send(job.oldEmail, emailChangedEmail(to, { oldEmail: job.oldEmail, newEmail: job.newEmail }));
    case "activity": {
      const always = ALWAYS_SENT_EVENTS.has(job.event);
      if (!always && !notifications.emailAccountActivity) return "off";
      if (!verified(user)) return hold(db, user.id, job);
      const at = formatAt(job.at, to.language, prefs.timezone.timezone);
      return send(user.email, activityEmail(to, { event: job.event, detail: job.detail ?? "", at, origin, always }));
    }
    case "transcription": {
      if (!notifications.emailTranscriptionComplete) return "off";
      const row = await db.query.transcriptions.findFirst({ where: eq(transcriptions.id, job.transcriptionId) });
      const outcome = row && runOutcome(row.status);
      if (!row || row.userId !== user.id || !outcome) return "dropped";
      if (!verified(user)) return hold(db, user.id, job);
      return send(
        user.email,
        transcriptionEmail(to, {
          file: titleOf(row),
          completed: outcome === "completed",
          reason: row.errorMessage ?? "",
          link: `${origin}/transcription/${row.id}`,
          origin,
        }),
      );
    }
    case "webhook-disabled": {
      const endpoint = await db.query.webhookEndpoints.findFirst({ where: eq(webhookEndpoints.id, job.endpointId) });
      // Deleted or switched back on since: nothing to tell.
      if (!endpoint || endpoint.userId !== user.id || endpoint.enabled) return "dropped";
      if (!verified(user)) return hold(db, user.id, job);
      return send(user.email, webhookDisabledEmail(to, { url: endpoint.url, count: endpoint.failedMessages, origin }));
    }
    case "invitation": {
      // Revoked, re-sent (a new link) or accepted since: this link opens nothing, so nothing goes.
      const open = await db
        .select({ email: workspaceInvitations.email, role: workspaceInvitations.role, workspace: workspaces.name })
        .from(workspaceInvitations)
        .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
        .where(eq(workspaceInvitations.id, job.invitationId))
        .get();
      if (!open || open.email.toLowerCase() !== job.email.toLowerCase()) return "dropped";
      const invitee: Recipient = { ...to, name: job.email.split("@")[0] ?? job.email };
      return send(
        job.email,
        invitationEmail(invitee, {
          inviter: to.name,
          email: job.email,
          workspace: open.workspace,
          role: open.role,
          link: job.link,
        }),
      );
    }
    case "feature": {
      // Announcements are opt-in, and never go to an address nobody has confirmed.
      if (!notifications.emailNewFeatures) return "off";
      if (!verified(user)) return "dropped";
      const urls = await unsubscribeUrls(env, origin, user.id);
      return send(user.email, featureEmail(to, { announcement: job.announcement, unsubscribeUrl: urls.page }), {
        "List-Unsubscribe": `<${urls.oneClick}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    }
  }
}

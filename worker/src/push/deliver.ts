import type { GeneralPreferences, TranscriptionPush } from "@verbatim/shared";
import { runOutcome } from "@verbatim/shared/transcription";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { transcriptions } from "../db/schema";
import type { Bindings } from "../env";
import { titleOf } from "../rules/transcription-title";
import { getPreferences } from "../store/preferences";
import { type PushResult, sendPush } from "./send";
import { pruneSubscription, subscriptionsOf } from "./subscriptions";
import { vapidKeys } from "./vapid";

// The queue's push messages, sent: when a run ends, every browser the user subscribed gets a notification, if
// "Browser notifications" is on at the moment it goes (as with e-mail, the switch is read when it is sent).

/** The notification's heading, in the user's language: the service worker shows it as it comes. */
const HEADINGS: Record<GeneralPreferences["language"], { completed: string; failed: string }> = {
  en: { completed: "Transcription complete", failed: "Transcription failed" },
  es: { completed: "Transcripción completada", failed: "La transcripción ha fallado" },
  fr: { completed: "Transcription terminée", failed: "La transcription a échoué" },
  de: { completed: "Transkription abgeschlossen", failed: "Transkription fehlgeschlagen" },
};

/** A day: a notification that a run ended is of little use later than that. */
const TTL_SECONDS = 24 * 60 * 60;

export interface PushJob {
  userId: string;
  transcriptionId: string;
}

export type PushOutcome = "sent" | "off" | "dropped" | "unconfigured";

export async function deliverPush(
  env: Partial<Bindings>,
  db: Db,
  job: PushJob,
  fetchImpl?: typeof fetch,
): Promise<PushOutcome> {
  const vapid = await vapidKeys(env);
  if (!vapid) return "unconfigured";
  const prefs = await getPreferences(db, job.userId);
  if (!prefs.notifications.browserNotifications) return "off";
  const row = await db.query.transcriptions.findFirst({ where: eq(transcriptions.id, job.transcriptionId) });
  const status = row && runOutcome(row.status);
  if (!row || row.userId !== job.userId || !status) return "dropped";
  const payload: TranscriptionPush = {
    type: "transcription",
    transcriptionId: row.id,
    status,
    title: titleOf(row),
    heading: HEADINGS[prefs.general.language][status],
  };

  const targets = await subscriptionsOf(db, job.userId);
  const results: PushResult[] = [];
  for (const target of targets) {
    const { result, status: answer } = await sendPush(target, payload, vapid, {
      ttl: TTL_SECONDS,
      urgency: "normal",
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    }).catch((err) => {
      console.warn(JSON.stringify({ level: "warn", push: "not delivered", error: String(err) }));
      return { result: "failed" as const, status: 0 };
    });
    if (result === "gone") await pruneSubscription(db, target.id);
    if (result === "refused") console.warn(JSON.stringify({ level: "warn", push: "refused", status: answer }));
    results.push(result);
  }
  console.log(JSON.stringify({ level: "info", push: "transcription", browsers: results.length }));
  // The queue tries again (every browser: the notification's tag makes a second one replace the first, not add).
  if (results.includes("failed")) throw new Error("A push service did not take the notification; retrying");
  return "sent";
}

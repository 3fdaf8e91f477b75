import { FREE_PLAN, type PlanUsage } from "@verbatim/shared";
import { ApiError } from "../http/errors";
import type { Space } from "./transcriptions";

// The FREE plan's limits, enforced here and nowhere else. Each route that starts work takes a slot before it
// reads the request body, and gives it back if the request fails, so a refused request stores nothing.

/** Calendar month in UTC, e.g. "2026-11": the period the monthly count runs over. */
export const periodOf = (date = new Date()) => date.toISOString().slice(0, 7);

export const TRANSCRIPTION_LIMIT_MESSAGE = `The Free plan includes ${FREE_PLAN.transcriptionsPerMonth} transcriptions a month, and this month's are used up. Upgrade to Pro for unlimited transcriptions: /subscription`;

const limitReached = () =>
  new ApiError(
    402,
    TRANSCRIPTION_LIMIT_MESSAGE,
    {},
    { limit: "transcriptions_per_month", upgradeUrl: "/subscription" },
  );

/**
 * Whose plan a space runs on: a team workspace's owner (its subscription covers the team), else the user. Used as a
 * SQL expression with ?2 = the user and ?5 = the workspace (or null).
 */
const PAYER = "COALESCE((SELECT owner_id FROM workspaces WHERE id = ?5), ?2)";
/** This month's usage of the space: a team's, or the user's personal uploads (not theirs in teams). */
const USED =
  "SELECT count(*) FROM plan_usage WHERE period = ?3 AND (CASE WHEN ?5 IS NULL THEN user_id = ?2 AND workspace_id IS NULL ELSE workspace_id = ?5 END)";

/**
 * Takes one of this month's slots for the space, or throws 402 when it is on FREE and has none left. Uploads into a
 * team count against the team, on its owner's plan. One conditional INSERT decides, so concurrent requests at the
 * last free slot let exactly one through (D1 runs statements one at a time). PRO always gets a slot: the row still
 * counts the usage.
 */
export async function reserveSlot(d1: D1Database, space: Space): Promise<string> {
  const slot = crypto.randomUUID();
  const period = periodOf();
  const taken = await d1
    .prepare(
      `INSERT INTO plan_usage (id, user_id, workspace_id, period)
       SELECT ?1, ?2, ?5, ?3
       WHERE (SELECT subscription_plan FROM users WHERE id = ${PAYER}) = 'PRO'
          OR (${USED}) < ?4
       RETURNING id`,
    )
    .bind(slot, space.userId, period, FREE_PLAN.transcriptionsPerMonth, space.workspaceId)
    .first<{ id: string }>();
  if (!taken) throw limitReached();
  return slot;
}

export const releaseSlot = (d1: D1Database, slot: string) =>
  d1.prepare("DELETE FROM plan_usage WHERE id = ?").bind(slot).run();

/** Gives back every slot used for a piece of work (a recording refused for its length, an abandoned upload). */
export const releaseWork = (d1: D1Database, workId: string) =>
  d1.prepare("DELETE FROM plan_usage WHERE work_id = ?").bind(workId).run();

/**
 * Runs `work` holding a slot: the slot is released if it throws, and otherwise tied to the id of what it
 * created, so that work can give it back later.
 */
export async function withSlot<T extends { id: string }>(
  d1: D1Database,
  space: Space,
  work: () => Promise<T>,
): Promise<T> {
  const slot = await reserveSlot(d1, space);
  try {
    const result = await work();
    await d1.prepare("UPDATE plan_usage SET work_id = ? WHERE id = ?").bind(result.id, slot).run();
    return result;
  } catch (err) {
    await releaseSlot(d1, slot);
    throw err;
  }
}

/** Transcriptions a month a plan allows; null = no limit. */
export const monthlyLimitOf = (plan: "FREE" | "PRO") => (plan === "PRO" ? null : FREE_PLAN.transcriptionsPerMonth);

/** A space's usage this month; `plan` is its payer's. */
export async function usageOf(d1: D1Database, space: Space, plan: "FREE" | "PRO"): Promise<PlanUsage> {
  const row = await d1
    .prepare(`${USED.replace("count(*)", "count(*) AS used")}`)
    .bind(null, space.userId, periodOf(), null, space.workspaceId)
    .first<{ used: number }>();
  return { used: row?.used ?? 0, limit: monthlyLimitOf(plan) };
}

/** The longest recording the space's plan transcribes, in seconds; null when there is no limit (PRO). */
export async function maxSecondsFor(d1: D1Database, space: Space): Promise<number | null> {
  const user = await d1
    .prepare(`SELECT subscription_plan AS plan FROM users WHERE id = ${PAYER}`)
    .bind(null, space.userId, null, null, space.workspaceId)
    .first<{ plan: string }>();
  return user?.plan === "PRO" ? null : FREE_PLAN.maxMinutesPerTranscription * 60;
}

/** "6 min 11 s": a length as people read it, to the second (never rounded up past the truth). */
const asLength = (seconds: number) => {
  const whole = Math.floor(seconds);
  const [m, sec] = [Math.floor(whole / 60), whole % 60];
  return m === 0 ? `${sec} s` : sec === 0 ? `${m} min` : `${m} min ${sec} s`;
};

/** The refusal, with the real length (or, when only a part is known, what is known of it) and the real limit. */
const lengthMessage = (seconds: number, atLeast: boolean) =>
  `This recording is ${atLeast ? "at least " : ""}${asLength(seconds)} long; the Free plan transcribes up to ${FREE_PLAN.maxMinutesPerTranscription} minutes per recording. Upgrade to Pro to transcribe it: /subscription`;

/**
 * The reason a recording of `seconds` is refused for the space's plan, or null when it may be transcribed.
 * Asked once the length is known: before the work when the engine can read it, else after recognition.
 * `atLeast`: only part of the recording is known (a chunked upload's parts so far), so the length is a floor.
 */
export async function durationRefusal(
  d1: D1Database,
  space: Space,
  seconds: number,
  { atLeast }: { atLeast: boolean },
): Promise<string | null> {
  const max = await maxSecondsFor(d1, space);
  return max !== null && seconds > max ? lengthMessage(seconds, atLeast) : null;
}

/** The 402 for a recording longer than the plan allows (`message`: durationRefusal's), with what to do about it. */
export const tooLongError = (message: string) =>
  new ApiError(402, message, {}, { limit: "minutes_per_transcription", upgradeUrl: "/subscription" });

/** The 402 for a recording longer than the plan allows, refused before any of it is recognised. */
export const tooLongForPlan = (seconds: number) => tooLongError(lengthMessage(seconds, false));

import { type AskAnswer, askPassageSchema } from "@verbatim/shared/ask";
import { and, desc, eq, inArray, notInArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { askAnswers, libraryAnswers, transcriptions } from "../db/schema";
import { inSpace, type Space } from "../store/transcriptions";

// The last answer per transcription and question (ask_answers), and per asker, space and question for a library
// (library_answers): asking again replaces it.

/** The library answers kept per asker and space; asking more drops the oldest. */
export const KEPT_LIBRARY_ANSWERS = 20;

/** Two askings are the same question whatever their case and spacing. */
export const questionKey = (question: string) => question.trim().replace(/\s+/g, " ").toLowerCase();

const passagesOf = (json: string) => z.array(askPassageSchema).parse(JSON.parse(json));

const rowOf = (answer: Omit<AskAnswer, "askedAt">) => ({
  question: answer.question,
  answer: answer.answer,
  mode: answer.mode,
  fallback: answer.fallback,
  passages: JSON.stringify(answer.passages),
  askedAt: new Date().toISOString(),
});

type Row = ReturnType<typeof rowOf>;
const answerOf = (r: Row): AskAnswer => ({
  question: r.question,
  answer: r.answer,
  mode: r.mode,
  fallback: r.fallback,
  passages: passagesOf(r.passages),
  askedAt: r.askedAt,
});

/** Stores the answer (replacing an earlier one to the same question) and returns it as kept. */
export async function keepAnswer(
  db: Db,
  transcriptionId: string,
  answer: Omit<AskAnswer, "askedAt">,
): Promise<AskAnswer> {
  const values = rowOf(answer);
  await db
    .insert(askAnswers)
    .values({ id: crypto.randomUUID(), transcriptionId, questionKey: questionKey(answer.question), ...values })
    .onConflictDoUpdate({ target: [askAnswers.transcriptionId, askAnswers.questionKey], set: values });
  return { ...answer, askedAt: values.askedAt };
}

/** A transcription's kept answers, the latest first. */
export async function listAnswers(db: Db, transcriptionId: string): Promise<AskAnswer[]> {
  const rows = await db
    .select()
    .from(askAnswers)
    .where(eq(askAnswers.transcriptionId, transcriptionId))
    .orderBy(desc(askAnswers.askedAt));
  return rows.map(answerOf);
}

const spaceKey = (space: Space) => space.workspaceId ?? "";
const askedIn = (space: Space) =>
  and(eq(libraryAnswers.userId, space.userId), eq(libraryAnswers.spaceKey, spaceKey(space)));

/** Stores a library's answer for its asker (replacing an earlier one to the same question), keeping the latest few. */
export async function keepLibraryAnswer(db: Db, space: Space, answer: Omit<AskAnswer, "askedAt">): Promise<AskAnswer> {
  const values = rowOf(answer);
  const id = crypto.randomUUID();
  const kept = db
    .select({ id: libraryAnswers.id })
    .from(libraryAnswers)
    .where(askedIn(space))
    .orderBy(desc(libraryAnswers.askedAt))
    .limit(KEPT_LIBRARY_ANSWERS);
  await db.batch([
    db
      .insert(libraryAnswers)
      .values({
        id,
        userId: space.userId,
        workspaceId: space.workspaceId,
        spaceKey: spaceKey(space),
        questionKey: questionKey(answer.question),
        ...values,
      })
      .onConflictDoUpdate({
        target: [libraryAnswers.userId, libraryAnswers.spaceKey, libraryAnswers.questionKey],
        set: values,
      }),
    db.delete(libraryAnswers).where(and(askedIn(space), notInArray(libraryAnswers.id, kept))),
  ]);
  return { ...answer, askedAt: values.askedAt };
}

/**
 * The asker's kept answers in the space, the latest first. An answer quoting a transcription that has since left
 * the space (moved or deleted) is not shown: its asker may no longer read it.
 */
export async function listLibraryAnswers(db: Db, space: Space): Promise<AskAnswer[]> {
  const answers = (
    await db.select().from(libraryAnswers).where(askedIn(space)).orderBy(desc(libraryAnswers.askedAt))
  ).map(answerOf);
  const cited = [...new Set(answers.flatMap((a) => a.passages.flatMap((p) => (p.meeting ? [p.meeting.id] : []))))];
  if (cited.length === 0) return answers;
  const present = new Set(
    (
      await db
        .select({ id: transcriptions.id })
        .from(transcriptions)
        .where(and(inArray(transcriptions.id, cited), inSpace(space)))
    ).map((t) => t.id),
  );
  return answers.filter((a) => a.passages.every((p) => !p.meeting || present.has(p.meeting.id)));
}

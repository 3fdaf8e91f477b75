import { type AskAnswer, askPassageSchema } from "@verbatim/shared/ask";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { askAnswers } from "../db/schema";

// The last answer per transcription and question (ask_answers): asking again replaces it.

/** Two askings are the same question whatever their case and spacing. */
export const questionKey = (question: string) => question.trim().replace(/\s+/g, " ").toLowerCase();

const passagesOf = (json: string) => z.array(askPassageSchema).parse(JSON.parse(json));

/** Stores the answer (replacing an earlier one to the same question) and returns it as kept. */
export async function keepAnswer(
  db: Db,
  transcriptionId: string,
  answer: Omit<AskAnswer, "askedAt">,
): Promise<AskAnswer> {
  const values = {
    question: answer.question,
    answer: answer.answer,
    mode: answer.mode,
    fallback: answer.fallback,
    passages: JSON.stringify(answer.passages),
    askedAt: new Date().toISOString(),
  };
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
  return rows.map((r) => ({
    question: r.question,
    answer: r.answer,
    mode: r.mode,
    fallback: r.fallback,
    passages: passagesOf(r.passages),
    askedAt: r.askedAt,
  }));
}

import type { CommentThread } from "@verbatim/shared/comments";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { comments, users } from "../db/schema";
import { ApiError, notFound } from "../http/errors";

type Row = typeof comments.$inferSelect;
type Author = { id: string; name: string };

/** A comment's author as people see them: their full name, else their username. */
const authorOf = (row: { authorId: string; fullName: string | null; username: string }): Author => ({
  id: row.authorId,
  name: row.fullName?.trim() || row.username,
});

/** Every thread of a transcription with its replies, in the order of the recording (then of writing). */
export async function listThreads(db: Db, transcriptionId: string): Promise<CommentThread[]> {
  const rows = await db
    .select({ comment: comments, fullName: users.fullName, username: users.username })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.transcriptionId, transcriptionId))
    .orderBy(asc(comments.start), asc(comments.createdAt), asc(comments.id));
  const threads = new Map<string, CommentThread>();
  for (const { comment: c, ...who } of rows) {
    if (c.parentId === null) threads.set(c.id, toThread(c, authorOf({ authorId: c.authorId, ...who })));
  }
  for (const { comment: c, ...who } of rows) {
    const thread = c.parentId === null ? undefined : threads.get(c.parentId);
    thread?.replies.push({
      id: c.id,
      body: c.body,
      author: authorOf({ authorId: c.authorId, ...who }),
      createdAt: c.createdAt,
    });
  }
  return [...threads.values()];
}

const toThread = (c: Row, author: Author): CommentThread => ({
  id: c.id,
  start: c.start,
  end: c.end,
  quote: c.quote,
  body: c.body,
  author,
  createdAt: c.createdAt,
  resolvedAt: c.resolvedAt,
  replies: [],
});

/** A thread's first comment in this transcription, or 404. */
async function findThread(db: Db, transcriptionId: string, id: string) {
  const row = await db.query.comments.findFirst({
    where: and(eq(comments.id, id), eq(comments.transcriptionId, transcriptionId), isNull(comments.parentId)),
  });
  if (!row) throw notFound("Comment not found");
  return row;
}

export async function addThread(
  db: Db,
  transcriptionId: string,
  authorId: string,
  values: { start: number; end: number; quote: string; body: string },
) {
  const id = crypto.randomUUID();
  await db.insert(comments).values({ id, transcriptionId, authorId, ...values });
  return id;
}

/** A reply joins its thread's moment, so a thread reads as one place in the recording. */
export async function addReply(db: Db, transcriptionId: string, threadId: string, authorId: string, body: string) {
  const thread = await findThread(db, transcriptionId, threadId);
  await db.insert(comments).values({
    id: crypto.randomUUID(),
    transcriptionId,
    authorId,
    parentId: thread.id,
    start: thread.start,
    end: thread.end,
    quote: thread.quote,
    body,
  });
}

export async function setResolved(
  db: Db,
  transcriptionId: string,
  threadId: string,
  userId: string,
  resolved: boolean,
) {
  await findThread(db, transcriptionId, threadId);
  await db
    .update(comments)
    .set(
      resolved ? { resolvedAt: new Date().toISOString(), resolvedBy: userId } : { resolvedAt: null, resolvedBy: null },
    )
    .where(eq(comments.id, threadId));
}

/** Deletes a comment its author wrote (a thread's first comment takes its replies with it). */
export async function deleteOwnComment(db: Db, transcriptionId: string, id: string, userId: string) {
  const row = await db.query.comments.findFirst({
    where: and(eq(comments.id, id), eq(comments.transcriptionId, transcriptionId)),
  });
  if (!row) throw notFound("Comment not found");
  if (row.authorId !== userId) throw new ApiError(403, "Only its author can delete a comment");
  await db.delete(comments).where(eq(comments.id, id));
}

import {
  commentThreadListSchema,
  newCommentReplySchema,
  newCommentThreadSchema,
  resolveCommentSchema,
} from "@verbatim/shared/comments";
import { type Context, Hono } from "hono";
import { currentUserId, requireUser } from "../auth";
import type { AppEnv } from "../env";
import { doc, json } from "../http/openapi";
import { validate } from "../http/validate";
import { authorize } from "../store/access";
import { addReply, addThread, deleteOwnComment, listThreads, setResolved } from "./store";

// Comments on a moment of a transcription, under /api/transcriptions/{id}/comments. Every change answers with all
// the threads, so a screen shows what is stored, other people's comments included.

const tag = "comments";
const threads = (description: string) => json(commentThreadListSchema, description);
const docs = {
  list: doc({
    summary: "A transcription's comment threads, in the recording's order",
    tag,
    responses: { 200: threads("The threads") },
    errors: [404],
  }),
  start: doc({
    summary: "Start a thread on a moment (a segment's time and text)",
    tag,
    responses: { 201: threads("The threads, the new one among them") },
    errors: [400, 404],
  }),
  reply: doc({
    summary: "Reply in a thread",
    tag,
    responses: { 201: threads("The threads, with the reply") },
    errors: [400, 404],
  }),
  resolve: doc({
    summary: "Resolve or reopen a thread",
    tag,
    responses: { 200: threads("The threads") },
    errors: [400, 404],
  }),
  remove: doc({
    summary: "Delete a comment you wrote (a thread's first comment takes its replies)",
    tag,
    responses: { 200: threads("The threads left") },
    errors: [403, 404],
  }),
};

/** The transcription, if the caller may read and comment on it (its owner, or any member of its workspace). */
const commentable = (c: Context<AppEnv>) =>
  authorize(c.get("db"), currentUserId(c), c.req.param("id") ?? "", "comment");

export const commentRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/:id/comments", docs.list, async (c) => {
    const t = await commentable(c);
    return c.json({ threads: await listThreads(c.get("db"), t.id) });
  })
  .post("/:id/comments", docs.start, validate("json", newCommentThreadSchema), async (c) => {
    const t = await commentable(c);
    await addThread(c.get("db"), t.id, currentUserId(c), c.req.valid("json"));
    return c.json({ threads: await listThreads(c.get("db"), t.id) }, 201);
  })
  .post("/:id/comments/:commentId/replies", docs.reply, validate("json", newCommentReplySchema), async (c) => {
    const t = await commentable(c);
    await addReply(c.get("db"), t.id, c.req.param("commentId"), currentUserId(c), c.req.valid("json").body);
    return c.json({ threads: await listThreads(c.get("db"), t.id) }, 201);
  })
  .patch("/:id/comments/:commentId", docs.resolve, validate("json", resolveCommentSchema), async (c) => {
    const t = await commentable(c);
    await setResolved(c.get("db"), t.id, c.req.param("commentId"), currentUserId(c), c.req.valid("json").resolved);
    return c.json({ threads: await listThreads(c.get("db"), t.id) });
  })
  .delete("/:id/comments/:commentId", docs.remove, async (c) => {
    const t = await commentable(c);
    await deleteOwnComment(c.get("db"), t.id, c.req.param("commentId"), currentUserId(c));
    return c.json({ threads: await listThreads(c.get("db"), t.id) });
  });

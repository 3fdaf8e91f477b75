import { z } from "zod";
import { withoutUnsafeChars } from "./text";

// Comments on a moment (docs/architecture/comments.md): a thread starts on one segment of the transcript, collects
// replies, and is resolved or reopened as a whole.

export const COMMENT_MAX_CHARS = 2000;
/** The segment's text kept with a thread: enough to recognise the moment. */
export const COMMENT_QUOTE_MAX_CHARS = 500;

const body = z
  .string({ error: "Write a comment" })
  .transform(withoutUnsafeChars)
  .pipe(
    z
      .string()
      .trim()
      .min(1, "Write a comment")
      .max(COMMENT_MAX_CHARS, `A comment has at most ${COMMENT_MAX_CHARS} characters`),
  );

export const commentAuthorSchema = z.object({ id: z.string(), name: z.string() });

export const commentReplySchema = z.object({
  id: z.string(),
  body: z.string(),
  author: commentAuthorSchema,
  createdAt: z.string(),
});
export type CommentReply = z.infer<typeof commentReplySchema>;

export const commentThreadSchema = z
  .object({
    id: z.string(),
    /** The moment, in seconds from the start of the recording. */
    start: z.number().nonnegative(),
    end: z.number().nonnegative(),
    quote: z.string(),
    body: z.string(),
    author: commentAuthorSchema,
    createdAt: z.string(),
    resolvedAt: z.string().nullable(),
    replies: z.array(commentReplySchema),
  })
  .meta({ id: "CommentThread" });
export type CommentThread = z.infer<typeof commentThreadSchema>;

export const commentThreadListSchema = z.object({ threads: z.array(commentThreadSchema) });

export const newCommentThreadSchema = z
  .object({
    start: z.number({ error: "Say where the comment is" }).nonnegative().max(86_400),
    end: z.number({ error: "Say where the comment is" }).nonnegative().max(86_400),
    quote: z.string().transform(withoutUnsafeChars).pipe(z.string().trim().max(COMMENT_QUOTE_MAX_CHARS)),
    body,
  })
  .refine((c) => c.end >= c.start, { message: "The moment ends before it starts", path: ["end"] });
export type NewCommentThread = z.input<typeof newCommentThreadSchema>;

export const newCommentReplySchema = z.object({ body });
export type NewCommentReply = z.input<typeof newCommentReplySchema>;

export const resolveCommentSchema = z.object({ resolved: z.boolean({ error: "Say whether it is resolved" }) });

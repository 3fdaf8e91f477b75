import { COMMENT_MAX_CHARS, COMMENT_QUOTE_MAX_CHARS, type CommentThread } from "@verbatim/shared/comments";
import { type FormEvent, useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { useAuth } from "@/entities/session/use-auth";
import { useDateTimeFormat } from "@/entities/user/use-user-time";
import { userMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { formatClock } from "@/lib/format";
import { useCommentActions, useComments } from "../api/comments-api";
import { activeLineIndex, type TimedLine } from "../lib/timed-lines";

interface CommentsTabProps {
  transcriptionId: string;
  lines: TimedLine[];
  /** The recording's position: a new comment is on the line playing there. */
  time: number;
  onSeek?: ((seconds: number) => void) | undefined;
  online: boolean;
}

/**
 * Comments on a moment: a new thread starts on the line playing now (play, or click a line, to choose it); each
 * thread shows its moment, which seeks the recording, its replies, and Resolve or Reopen.
 */
export function CommentsTab({ transcriptionId, lines, time, onSeek, online }: CommentsTabProps) {
  const t = useTranslations("detail.comments");
  const comments = useComments(transcriptionId, online);
  const [showResolved, setShowResolved] = useState(false);
  const timed = lines.filter((l) => l.start !== null);
  const line = timed[Math.max(0, activeLineIndex(timed, time))];

  if (!online) return <p className="text-sm text-muted-foreground">{t("offline")}</p>;
  const threads = comments.data?.threads ?? [];
  const resolved = threads.filter((thread) => thread.resolvedAt !== null).length;
  const shown = threads.filter((thread) => showResolved || thread.resolvedAt === null);
  return (
    <div className="space-y-4">
      {line ? (
        <NewThread transcriptionId={transcriptionId} line={line} />
      ) : (
        <p className="text-sm text-muted-foreground">{t("noMoments")}</p>
      )}
      {comments.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : comments.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {userMessage(comments.error, t("loadFailed"))}
        </p>
      ) : (
        <>
          {resolved > 0 && (
            <Button variant="ghost" size="sm" onClick={() => setShowResolved((now) => !now)}>
              {showResolved ? t("hideResolved") : t("showResolved", { count: resolved })}
            </Button>
          )}
          {shown.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("empty")}</p>
          ) : (
            <ul className="space-y-3" aria-label={t("listLabel")}>
              {shown.map((thread) => (
                <Thread key={thread.id} transcriptionId={transcriptionId} thread={thread} onSeek={onSeek} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function NewThread({ transcriptionId, line }: { transcriptionId: string; line: TimedLine }) {
  const t = useTranslations("detail.comments");
  const { start } = useCommentActions(transcriptionId);
  const [body, setBody] = useState("");
  const id = useId();
  const at = line.start ?? 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate(
      { start: at, end: line.end ?? at, quote: line.text.slice(0, COMMENT_QUOTE_MAX_CHARS), body },
      {
        onSuccess: () => setBody(""),
        onError: (error) => toast({ variant: "destructive", title: t("failed"), description: userMessage(error, "") }),
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-2" aria-label={t("newLabel")}>
      <label htmlFor={id} className="block text-sm font-medium">
        {t("newAt", { time: formatClock(at) })}
      </label>
      <blockquote className="border-l-2 pl-3 text-sm text-muted-foreground">{line.text}</blockquote>
      <Textarea
        id={id}
        value={body}
        maxLength={COMMENT_MAX_CHARS}
        rows={2}
        placeholder={t("placeholder")}
        onChange={(e) => setBody(e.target.value)}
      />
      <Button type="submit" size="sm" disabled={start.isPending || !body.trim()}>
        {t("add")}
      </Button>
    </form>
  );
}

function Thread({
  transcriptionId,
  thread,
  onSeek,
}: {
  transcriptionId: string;
  thread: CommentThread;
  onSeek?: ((seconds: number) => void) | undefined;
}) {
  const t = useTranslations("detail.comments");
  const { dateTime } = useDateTimeFormat();
  const { user } = useAuth();
  const { reply, resolve, remove } = useCommentActions(transcriptionId);
  const [answer, setAnswer] = useState("");
  const replyId = useId();
  const failed = (error: unknown) =>
    toast({ variant: "destructive", title: t("failed"), description: userMessage(error, "") });
  const isResolved = thread.resolvedAt !== null;
  return (
    <li className={cn("space-y-2 rounded-md border p-3", isResolved && "opacity-70")}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <button
          type="button"
          className="font-mono text-xs text-primary underline-offset-2 hover:underline disabled:no-underline"
          disabled={!onSeek}
          onClick={() => onSeek?.(thread.start)}
          aria-label={t("playAt", { time: formatClock(thread.start) })}
        >
          [{formatClock(thread.start)}]
        </button>
        <span className="truncate text-muted-foreground">{thread.quote}</span>
      </div>
      <Comment author={thread.author.name} at={dateTime(thread.createdAt)} body={thread.body} />
      {thread.replies.map((r) => (
        <div key={r.id} className="ml-4 border-l pl-3">
          <Comment author={r.author.name} at={dateTime(r.createdAt)} body={r.body} />
        </div>
      ))}
      <form
        className="ml-4 flex gap-2"
        aria-label={t("replyLabel", { name: thread.author.name })}
        onSubmit={(event) => {
          event.preventDefault();
          reply.mutate({ commentId: thread.id, body: answer }, { onSuccess: () => setAnswer(""), onError: failed });
        }}
      >
        <label htmlFor={replyId} className="sr-only">
          {t("reply")}
        </label>
        <Textarea
          id={replyId}
          rows={1}
          value={answer}
          maxLength={COMMENT_MAX_CHARS}
          placeholder={t("replyPlaceholder")}
          onChange={(e) => setAnswer(e.target.value)}
        />
        <Button type="submit" size="sm" variant="outline" disabled={reply.isPending || !answer.trim()}>
          {t("reply")}
        </Button>
      </form>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={resolve.isPending}
          onClick={() => resolve.mutate({ commentId: thread.id, resolved: !isResolved }, { onError: failed })}
        >
          {isResolved ? t("reopen") : t("resolve")}
        </Button>
        {user?.id === thread.author.id && (
          <Button
            size="sm"
            variant="ghost"
            disabled={remove.isPending}
            onClick={() => remove.mutate(thread.id, { onError: failed })}
          >
            {t("delete")}
          </Button>
        )}
      </div>
    </li>
  );
}

function Comment({ author, at, body }: { author: string; at: string; body: string }) {
  return (
    <div className="space-y-0.5">
      <p className="text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{author}</span> · {at}
      </p>
      <p className="whitespace-pre-line text-sm">{body}</p>
    </div>
  );
}

import type { SharedTranscript } from "@verbatim/shared/share-links";
import { type ComponentProps, useEffect, useMemo, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api";
import { formatClock } from "@/lib/format";
import { intlLocale } from "@/lib/i18n/store";
import { sharedMediaPath, useSharedTranscript } from "../api/share-api";
import { activeLineIndex, linesFromSegments } from "../lib/timed-lines";
import { TranscriptLines } from "./transcript-lines";

/**
 * /s/{token}: one transcription as its owner shared it, for anyone with the link and no account. Read only: the
 * recording (if shared) plays and a line seeks it; nothing of the owner's other data is ever asked for.
 */
export function SharedTranscriptPage({ token }: { token: string }) {
  const t = useTranslations("shared");
  const shared = useSharedTranscript(token);
  useNoIndex();
  useEffect(() => {
    if (shared.data) document.title = t("documentTitle", { title: shared.data.title });
  }, [shared.data, t]);

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 md:px-6">
      {shared.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : shared.isError ? (
        <div role="alert" className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight">{t("unavailableTitle")}</h1>
          <p className="text-muted-foreground">
            {shared.error instanceof ApiError && shared.error.status === 404 ? t("gone") : t("loadFailed")}
          </p>
        </div>
      ) : (
        <SharedView token={token} view={shared.data} />
      )}
    </div>
  );
}

function SharedView({ token, view }: { token: string; view: SharedTranscript }) {
  const t = useTranslations("shared");
  const mediaRef = useRef<HTMLMediaElement | null>(null);
  const [time, setTime] = useState(0);
  const lines = useMemo(() => linesFromSegments(view.transcript?.segments ?? []), [view.transcript]);
  const seek = (seconds: number) => {
    const media = mediaRef.current;
    if (!media) return;
    media.currentTime = seconds;
    void media.play().catch(() => {});
  };
  const date = new Intl.DateTimeFormat(intlLocale(), { dateStyle: "long" }).format(new Date(view.createdAt));
  const onTime = (e: { currentTarget: HTMLMediaElement }) => setTime(e.currentTarget.currentTime);
  return (
    <>
      <div className="space-y-1">
        <h1 className="break-words text-2xl font-bold tracking-tight md:text-3xl">{view.title}</h1>
        <p className="text-sm text-muted-foreground">
          {date}
          {view.duration !== null && ` · ${formatClock(view.duration)}`}
        </p>
      </div>
      {view.media && (
        <SharedMedia
          kind={view.media}
          ref={(el) => {
            mediaRef.current = el;
          }}
          src={sharedMediaPath(token)}
          controls
          preload="metadata"
          className={view.media === "video" ? "w-full rounded-md bg-black" : "w-full"}
          aria-label={t("recording")}
          onTimeUpdate={onTime}
          onSeeked={onTime}
        />
      )}
      {(view.summary || (view.keyPoints && view.keyPoints.length > 0)) && (
        <Card>
          <CardHeader>
            <CardTitle>{t("summary")}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            {view.summary && <p className="whitespace-pre-line">{view.summary}</p>}
            {view.keyPoints && view.keyPoints.length > 0 && (
              <ul className="list-disc space-y-1 pl-5" aria-label={t("keyPoints")}>
                {view.keyPoints.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{t("transcript")}</CardTitle>
        </CardHeader>
        <CardContent>
          {lines.length === 0 ? (
            <p className="text-muted-foreground">{t("notReady")}</p>
          ) : (
            <TranscriptLines
              label={t("transcript")}
              lines={lines}
              activeIndex={activeLineIndex(lines, time)}
              time={time}
              follow={false}
              onSeek={view.media ? seek : undefined}
              speakers={view.transcript?.speakers ?? []}
            />
          )}
        </CardContent>
      </Card>
    </>
  );
}

/** The shared recording in the element its kind plays in. */
function SharedMedia({ kind, ...props }: { kind: "audio" | "video" } & ComponentProps<"video">) {
  return kind === "video" ? <video {...props} /> : <audio {...props} />;
}

/** Keeps the page out of search engines for browsers and crawlers that run scripts (the Worker sends X-Robots-Tag). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement("meta");
    meta.name = "robots";
    meta.content = "noindex, nofollow";
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

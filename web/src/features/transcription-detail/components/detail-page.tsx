import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { isActive } from "@verbatim/shared/transcription";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { ArrowLeftIcon, DownloadIcon, LinkIcon } from "@/components/layout/icons";
import { DetailSkeleton } from "@/components/layout/pending-page";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/toast";
import { NotOnDeviceError } from "@/entities/library/read-through";
import { exportTranscription } from "@/entities/transcription/export";
import { ExportDialog } from "@/entities/transcription/export-dialog";
import { speakersOf } from "@/entities/transcription/speakers";
import { isViewable } from "@/entities/transcription/status";
import { StatusBadge } from "@/entities/transcription/status-badge";
import { TaskBadge } from "@/entities/transcription/task-badge";
import { useRights } from "@/entities/workspace/rights";
import { useUploadSpaces } from "@/entities/workspace/upload-spaces";
import { ApiError } from "@/lib/api";
import { PHONE_QUERY, useMediaQuery } from "@/lib/use-media-query";
import { useOnline } from "@/lib/use-online";
import { useSegments, useTrace, useTranscription } from "../api/detail-api";
import { useOfflineMedia } from "../hooks/use-offline-media";
import { usePlayerShortcuts } from "../hooks/use-player-shortcuts";
import { useStatusToasts } from "../hooks/use-status-toasts";
import { readAnalysis } from "../lib/analysis";
import { speakerStats } from "../lib/speaker-stats";
import { lineStartNear, linesFromSegments, linesFromText } from "../lib/timed-lines";
import { AnalysisTab, DetailsTab, KeyPointsTab, SummaryTab } from "./analysis-tabs";
import { AskTab } from "./ask-tab";
import { CommentsTab } from "./comments-tab";
import { EditHistory } from "./edit-history";
import { MediaPlayer } from "./media-player";
import { MoveDialog } from "./move-dialog";
import { OfflineMedia } from "./offline-media";
import { ProcessingStatus } from "./processing-status";
import { RunActions } from "./run-actions";
import { ShareDialog } from "./share-dialog";
import { SpeakersPanel } from "./speakers-panel";
import { TranscriptTab } from "./transcript-tab";
import { TranscriptionNotFound } from "./transcription-not-found";

/** /transcription/{id}: the transcription detail, with the recording synchronised to the transcript. */
export function TranscriptionDetailPage() {
  const { id } = useParams({ from: "/_app/_protected/transcription/$id" });
  // A search hit opens the transcript at its moment: that line is current, in view, and the recording starts there.
  const { t: openAt } = useSearch({ from: "/_app/_protected/transcription/$id" });
  const tr = useTranslations("detail");
  const navigate = useNavigate();
  const query = useTranscription(id);
  const t = query.data;
  const trace = useTrace(id, t?.status);
  const segments = useSegments(id, t !== undefined && isViewable(t.status));
  useStatusToasts(t);

  const mediaRef = useRef<HTMLMediaElement | null>(null);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  // Until the user plays, the transcript keeps the opened moment in view.
  const [pinned, setPinned] = useState(openAt !== undefined);
  const [tab, setTab] = useState("transcript");
  const [exportOpen, setExportOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [moveOpen, setMoveOpen] = useState(false);
  const may = useRights();
  const uploadSpaces = useUploadSpaces();
  const [mediaFailed, setMediaFailed] = useState(false);
  const online = useOnline();
  const offlineMedia = useOfflineMedia(id);
  // Whether the player streams the kept copy is settled once per visit: switching its source would restart it.
  const [keptAtOpen, setKeptAtOpen] = useState<{ id: string; kept: boolean } | null>(null);
  if (keptAtOpen?.id !== id && offlineMedia.settled) setKeptAtOpen({ id, kept: offlineMedia.copy !== null });
  const playsKept = keptAtOpen?.id === id ? keptAtOpen.kept : null;
  usePlayerShortcuts(mediaRef);
  const phone = useMediaQuery(PHONE_QUERY);

  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const notOnDevice = query.error instanceof NotOnDeviceError;
  const failed = query.isError && !notFound && !notOnDevice && !t;

  // A loading error (other than not found) sends the user back to the list.
  useEffect(() => {
    if (!failed) return;
    const error = query.error;
    toast({
      variant: "destructive",
      title: tr("fetchFailed"),
      description: tr("fetchFailedBody", {
        reason: String(error instanceof ApiError ? error.statusText || error.status : error?.message),
      }),
    });
    void navigate({ to: "/", replace: true });
  }, [failed, query.error, navigate, tr]);

  const lines = useMemo(() => {
    if (segments.data?.segments.length) return linesFromSegments(segments.data.segments);
    return t?.text ? linesFromText(t.text) : [];
  }, [segments.data, t?.text]);
  const analysis = useMemo(() => (t ? readAnalysis(t) : null), [t]);
  const startAt = useMemo(() => (openAt === undefined ? undefined : lineStartNear(lines, openAt)), [lines, openAt]);
  useEffect(() => {
    if (startAt !== undefined && pinned) setTime(startAt);
  }, [startAt, pinned]);
  const talk = useMemo(
    () => ({ stats: speakerStats(segments.data?.segments ?? []), speakers: speakersOf(segments.data) }),
    [segments.data],
  );

  if (notFound) return <TranscriptionNotFound />;
  if (!t || !analysis) {
    if (notOnDevice) {
      return (
        <p role="status" className="rounded-md bg-muted p-6 text-center text-sm text-muted-foreground">
          {tr("notOnDevice")}
        </p>
      );
    }
    return <DetailSkeleton />;
  }
  // The timed transcript is asked for with the transcription (and preloaded with the page's HTML): drawn before it,
  // the page drew the plain text, and then moved everything under the speakers panel as it appeared above.
  if (isViewable(t.status) && segments.isPending) return <DetailSkeleton />;

  const title = t.name || t.file_name;
  const processing = isActive(t.status);
  // A viewer (or anyone whose role lacks `edit`) reads and comments: no editing, renaming speakers, runs or links.
  const canEdit = may(t, "edit");
  // Moving takes `delete` here and `upload` in another space.
  const canMove = may(t, "delete") && uploadSpaces.some((space) => space.id !== (t.workspace_id ?? null));
  const seek = (seconds: number) => {
    const media = mediaRef.current;
    if (!media) return;
    media.currentTime = seconds;
    setTime(seconds);
    void media.play().catch(() => undefined);
  };
  // Timestamps seek only when there is a recording to play: online or kept offline, and not after a load error.
  const playable = (online || offlineMedia.copy !== null) && !mediaFailed;
  const onSeek = playable ? seek : undefined;

  const offlineMediaControls = !processing && (
    <OfflineMedia
      copy={offlineMedia.copy}
      size={t.file_size}
      online={online}
      keeping={offlineMedia.keep.isPending}
      freeing={offlineMedia.free.isPending}
      onKeep={() => offlineMedia.keep.mutate()}
      onFree={() => offlineMedia.free.mutate()}
    />
  );
  // A search hit is marked once the timed transcript is read: speakers shown above it then no longer move it.
  const hit = openAt !== undefined && (segments.data !== undefined || segments.isFetched) ? startAt : undefined;

  // On a phone (below md) the transcript comes first: the actions share one row, the player sticks under the
  // top bar as a mini-player (reachable after a jump deep into the text) and the speakers start collapsed.
  return (
    // A screen high at least, as while it loads (DetailSkeleton): the footer stays below the fold, rather than move
    // into view when a short transcript comes.
    <div className="min-h-dvh space-y-4 md:space-y-6">
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between md:gap-4">
        <div className="min-w-0 space-y-2">
          <h1 className="break-words text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <StatusBadge status={t.status} progress={t.status === "PROCESSING" ? t.progress_percentage : null} />
            <TaskBadge task={t.task} />
            {t.name && t.name !== t.file_name && <span className="truncate">{t.file_name}</span>}
          </div>
          {/* Version 1 is the first speech run: only a later version can have an author, so only then is it asked. */}
          <EditHistory transcriptionId={t.id} enabled={online && isViewable(t.status) && t.transcript_version > 1} />
        </div>
        <div className="flex flex-wrap gap-2 md:flex-nowrap">
          {canEdit && <RunActions transcription={t} online={online} />}
          {canMove && (
            <Button variant="outline" disabled={!online} onClick={() => setMoveOpen(true)}>
              {tr("move.button")}
            </Button>
          )}
          <Link to="/" className={buttonVariants({ variant: "outline" })}>
            <ArrowLeftIcon />
            <span className="sr-only md:not-sr-only">{tr("backToList")}</span>
          </Link>
          <Button variant="outline" disabled={!online} onClick={() => setShareOpen(true)}>
            <LinkIcon />
            <span className="sr-only md:not-sr-only">{tr("share.button")}</span>
          </Button>
          <Button disabled={!t.text} onClick={() => setExportOpen(true)}>
            <DownloadIcon />
            <span className="sr-only md:not-sr-only">{tr("download")}</span>
          </Button>
        </div>
      </div>

      {!canEdit && may(t, "read") && (
        <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
          {tr("readOnly")}
        </p>
      )}
      {t.status === "FAILED" && (
        <p
          role="alert"
          className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {t.error_message || tr("failed")}
        </p>
      )}
      {t.status === "COMPLETED_WITH_ERRORS" && t.error_message && (
        <p
          role="status"
          className="rounded-md border border-amber-500/50 bg-amber-100 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          {t.error_message}
        </p>
      )}

      {(trace.data || trace.isError) && processing && <ProcessingStatus trace={trace.data} error={trace.isError} />}

      <Card data-testid="player" className="sticky top-14 z-30 md:static">
        <div className="p-3 md:p-6">
          {/* Until it is known whether a kept copy plays, an audio player's room is held: nothing jumps when it comes. */}
          {playsKept === null && !t.file_type.startsWith("video/") && <div className="h-[54px] md:h-[78px]" />}
          {playsKept !== null && (
            <MediaPlayer
              kept={playsKept}
              transcriptionId={t.id}
              fileType={t.file_type}
              mediaRef={mediaRef}
              onTime={setTime}
              onPlayingChange={(now) => {
                setPlaying(now);
                if (now) setPinned(false);
              }}
              startAt={startAt}
              playable={playable}
              online={online}
              onFailedChange={setMediaFailed}
              captions={isViewable(t.status) && t.text ? { language: t.language, version: t.updated_at } : null}
            />
          )}
          {offlineMediaControls && !phone && <div className="mt-3">{offlineMediaControls}</div>}
        </div>
      </Card>

      {isViewable(t.status) && (
        <SpeakersPanel
          transcriptionId={t.id}
          doc={segments.data}
          lines={lines}
          version={t.transcript_version}
          // Names are saved against the doc's version: only once it was read from the server since the page
          // opened, not from the copy kept for offline reading (that could only end in a conflict).
          editable={canEdit && online && !processing && segments.isFetchedAfterMount}
        />
      )}

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList label={tr("sections")}>
          <TabsTrigger value="transcript">{tr("tabs.transcript")}</TabsTrigger>
          <TabsTrigger value="summary">{tr("tabs.summary")}</TabsTrigger>
          <TabsTrigger value="key-points">{tr("tabs.keyPoints")}</TabsTrigger>
          <TabsTrigger value="analysis">{tr("tabs.analysis")}</TabsTrigger>
          <TabsTrigger value="details">{tr("tabs.details")}</TabsTrigger>
          <TabsTrigger value="comments">{tr("tabs.comments")}</TabsTrigger>
          <TabsTrigger value="ask">{tr("tabs.ask")}</TabsTrigger>
        </TabsList>
        <TabsContent value="transcript">
          <TranscriptTab
            transcriptionId={t.id}
            lines={lines}
            doc={segments.data}
            version={t.transcript_version}
            fresh={segments.isFetchedAfterMount}
            mayEdit={canEdit}
            formatted={t.formatted_transcript}
            processing={processing}
            time={time}
            follow={playing || pinned}
            onSeek={onSeek}
            hit={hit}
          />
        </TabsContent>
        <TabsContent value="summary">
          <SummaryTab summary={t.summary} detailed={t.informative_summary} processing={processing} />
        </TabsContent>
        <TabsContent value="key-points">
          <KeyPointsTab
            keyPoints={analysis.key_points}
            enhanced={analysis.enhanced_key_points}
            processing={processing}
            onSeek={onSeek}
          />
        </TabsContent>
        <TabsContent value="analysis">
          <AnalysisTab analysis={analysis.summary_analysis} processing={processing} />
        </TabsContent>
        <TabsContent value="details">
          <DetailsTab details={analysis.transcription_details} processing={processing} talk={talk} />
        </TabsContent>
        <TabsContent value="comments">
          <CommentsTab transcriptionId={t.id} lines={lines} time={time} onSeek={onSeek} online={online} />
        </TabsContent>
        <TabsContent value="ask">
          <AskTab transcriptionId={t.id} lines={lines} onSeek={onSeek} online={online} />
        </TabsContent>
      </Tabs>
      {/* On a phone, keeping the recording is offered after the transcript, not in the mini-player above it. */}
      {offlineMediaControls && phone && offlineMediaControls}

      <ExportDialog
        open={exportOpen}
        onOpenChange={setExportOpen}
        onExport={(format) => exportTranscription(t, format)}
      />
      <ShareDialog transcriptionId={t.id} canCreate={canEdit} open={shareOpen} onOpenChange={setShareOpen} />
      <MoveDialog transcription={t} open={moveOpen} onOpenChange={setMoveOpen} />
    </div>
  );
}

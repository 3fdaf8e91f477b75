import { useBlocker } from "@tanstack/react-router";
import { DEFAULT_PREFERENCES } from "@verbatim/shared/preferences";
import type { TranscriptDoc } from "@verbatim/shared/transcript";
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { usePreferences } from "@/entities/user/preferences";
import { useDateTimeFormat } from "@/entities/user/use-user-time";
import { userMessage } from "@/lib/api";
import { useRerunAnalysis } from "../api/editor-api";
import { useAutoSave } from "../hooks/use-auto-save";
import { useTranscriptEditor } from "../hooks/use-transcript-editor";
import { addSpeaker, editText, mergeWithNext, setSpeaker, splitSegment, wordsBefore } from "../lib/editor/edit-model";
import { activeWordIndex, wordsOf } from "../lib/editor/retime";
import { EditableSegment, type SegmentActions } from "./editable-segment";
import { VersionConflictDialog } from "./version-conflict-dialog";

interface TranscriptEditorProps {
  transcriptionId: string;
  doc: TranscriptDoc;
  /** The version `doc` is (the doc's own, or the row's transcript_version for docs saved before versions). */
  version: number;
  time: number;
  /** Keep the playing segment in view. */
  follow: boolean;
  onSeek?: (seconds: number) => void;
  /** The speaker filter: segments by hidden speakers are left out (and never merged into by a visible one). */
  shown: (speaker: string | undefined) => boolean;
  onClose: () => void;
  /** The user chose to load the transcript saved elsewhere: unsaved edits here are dropped. */
  onReload: () => void;
}

/** Index of the segment playing at `time`: the last one that started by then, if it has not ended long since. */
function playingSegment(segments: TranscriptDoc["segments"], time: number): number {
  let found = -1;
  for (let i = 0; i < segments.length; i++) {
    if ((segments[i]?.start ?? 0) <= time + 0.05) found = i;
    else break;
  }
  const segment = segments[found];
  return segment && time <= segment.end + 1 ? found : -1;
}

/**
 * The transcript editor (issue 15): every segment's text editable in place while the recording plays, with the
 * playing word marked; Enter splits at the caret, Backspace at a segment's start joins it to the one before;
 * the speaker of a segment is a select. Undo/redo (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y), save (Ctrl+S).
 * Settings › General › Auto-save on: changes are saved by themselves (useAutoSave); off: leaving the page with
 * unsaved changes asks first.
 */
export function TranscriptEditor({
  transcriptionId,
  doc,
  version,
  time,
  follow,
  onSeek,
  shown,
  onClose,
  onReload,
}: TranscriptEditorProps) {
  const t = useTranslations("editor");
  const editor = useTranscriptEditor(transcriptionId, doc, version);
  const analysis = useRerunAnalysis(transcriptionId);
  const [offerAnalysis, setOfferAnalysis] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  // Where focus goes after a split or join re-renders the list: segment index and caret.
  const [focusAt, setFocusAt] = useState<{ index: number; caret: number } | null>(null);
  const { segments, speakers } = editor.state;
  const { apply, begin, type, end } = editor;
  // The state as last rendered, for handlers that must not re-create every row's props on each change.
  const latest = useRef(editor.state);
  latest.current = editor.state;

  useEffect(() => {
    if (!focusAt) return;
    const el = list.current?.querySelector<HTMLTextAreaElement>(`[data-segment="${focusAt.index}"] textarea`);
    el?.focus();
    el?.setSelectionRange(focusAt.caret, focusAt.caret);
    setFocusAt(null);
  }, [focusAt]);

  const playingIndex = playingSegment(segments, time);
  const playingWord = useMemo(() => {
    const segment = segments[playingIndex];
    return segment ? activeWordIndex(wordsOf(segment), time) : -1;
  }, [segments, playingIndex, time]);

  // Keeps the playing segment in view while the recording plays, unless the user is typing in the transcript.
  useEffect(() => {
    const box = list.current;
    if (!follow || playingIndex < 0 || !box || box.contains(document.activeElement)) return;
    const row = box.querySelector<HTMLElement>(`[data-segment="${playingIndex}"]`);
    if (!row) return;
    if (row.offsetTop < box.scrollTop || row.offsetTop + row.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTo({ top: Math.max(0, row.offsetTop - box.clientHeight / 3), behavior: "smooth" });
    }
  }, [follow, playingIndex]);

  const actions: SegmentActions = useMemo(
    () => ({
      onSeek,
      onBegin: begin,
      onType: type,
      onEnd: end,
      onSplit: (index, text, caret) => {
        const at = wordsBefore(text, caret);
        end(index, text);
        if (!text.trim()) return;
        apply((state) => splitSegment(editText(state, index, text), index, at));
        setFocusAt({ index: index + 1, caret: 0 });
      },
      onMergeBack: (index, text) => {
        end(index, text);
        const caret = (latest.current.segments[index - 1]?.text.length ?? 0) + 1;
        apply((state) => mergeWithNext(state, index - 1));
        setFocusAt({ index: index - 1, caret });
      },
      onMergeNext: (index) => apply((state) => mergeWithNext(state, index)),
      onSpeaker: (index, speaker) => apply((state) => setSpeaker(state, index, speaker)),
      onNewSpeaker: (index) => apply((state) => addSpeaker(state, index)),
    }),
    [onSeek, apply, begin, type, end],
  );

  const run = useCallback(async (action: () => Promise<void>, failure: string) => {
    try {
      await action();
    } catch (error) {
      toast({ variant: "destructive", title: failure, description: userMessage(error, failure) });
    }
  }, []);

  const saveNow = () =>
    run(async () => {
      if (await editor.save()) setOfferAnalysis(true);
    }, t("saveFailed"));

  const autoSave = usePreferences().data?.general.autoSave ?? DEFAULT_PREFERENCES.general.autoSave;
  const flush = useAutoSave({
    enabled: autoSave,
    state: editor.state,
    dirty: editor.dirty,
    paused: editor.saving || editor.conflict !== null,
    save: () =>
      run(async () => {
        if (await editor.save({ keepTyping: true })) setOfferAnalysis(true);
      }, t("saveFailed")),
  });
  // Without auto-save, leaving the page (another screen, a reload, closing the tab) with unsaved changes asks.
  const mustAsk = useRef(false);
  mustAsk.current = !autoSave && editor.dirty;
  const leaving = useBlocker({
    shouldBlockFn: () => mustAsk.current,
    enableBeforeUnload: () => mustAsk.current,
    withResolver: true,
  });
  const when = useDateTimeFormat();

  const onKeyDown = (event: KeyboardEvent) => {
    const mod = event.ctrlKey || event.metaKey;
    if (!mod) return;
    const key = event.key.toLowerCase();
    const inText = (event.target as HTMLElement).closest("textarea, input");
    if (key === "s") {
      event.preventDefault();
      (document.activeElement as HTMLElement | null)?.blur();
      void saveNow();
    } else if (!inText && key === "z" && !event.shiftKey) {
      event.preventDefault();
      void run(editor.undo, t("undoFailed"));
    } else if (!inText && (key === "y" || (key === "z" && event.shiftKey))) {
      event.preventDefault();
      void run(editor.redo, t("redoFailed"));
    }
  };

  if (!editor.ready) return <p className="text-sm text-muted-foreground">{t("opening")}</p>;

  return (
    <section
      aria-label={t("label")}
      className="space-y-3"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Focus leaving the editor (not moving between its segments) saves at once.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) flush();
      }}
    >
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-2 rounded-md border bg-card p-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!editor.canUndo || editor.saving}
          onClick={() => void run(editor.undo, t("undoFailed"))}
          aria-keyshortcuts="Control+Z"
        >
          {t("undo")}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!editor.canRedo || editor.saving}
          onClick={() => void run(editor.redo, t("redoFailed"))}
          aria-keyshortcuts="Control+Shift+Z"
        >
          {t("redo")}
        </Button>
        <Button
          type="button"
          size="sm"
          disabled={!editor.dirty || editor.saving}
          onClick={() => void saveNow()}
          aria-keyshortcuts="Control+S"
        >
          {editor.saving ? t("saving") : t("save")}
        </Button>
        <span role="status" className="text-sm text-muted-foreground">
          {editor.dirty ? t("unsaved") : t("savedVersion", { version: editor.baseVersion })}
        </span>
        <Button type="button" variant="ghost" size="sm" className="ml-auto" onClick={onClose}>
          {t("done")}
        </Button>
      </div>

      {editor.restored && (
        <div className="flex flex-wrap items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm">
          <span>
            {t("restored", { date: when.dateTime(editor.restored.savedAt) })}
            {editor.restored.stale && ` ${t("restoredStale")}`}
          </span>
          <Button type="button" variant="outline" size="sm" onClick={editor.discardDraft}>
            {t("discard")}
          </Button>
        </div>
      )}

      {offerAnalysis && !editor.dirty && (
        <div className="flex flex-wrap items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm">
          <span>{t("analysisStale")}</span>
          <Button
            type="button"
            size="sm"
            disabled={analysis.isPending}
            onClick={() =>
              void run(async () => {
                await analysis.mutateAsync();
                setOfferAnalysis(false);
                toast({ title: t("analysisStarted"), description: t("analysisStartedBody") });
              }, t("analysisFailed"))
            }
          >
            {t("rerun")}
          </Button>
        </div>
      )}

      <p className="text-xs text-muted-foreground">{t("help")}</p>

      <ol
        ref={list}
        aria-label={t("editable")}
        className="relative max-h-[60vh] space-y-1 overflow-y-auto rounded-md pr-1"
      >
        {segments.map((segment, i) =>
          shown(segment.speaker) ? (
            <EditableSegment
              // Segments have no ids; a row is its position, and split/join re-render the rows after it.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              key={i}
              index={i}
              segment={segment}
              speakers={speakers}
              playingWord={i === playingIndex ? playingWord : -1}
              active={i === playingIndex}
              first={i === 0 || !shown(segments[i - 1]?.speaker)}
              last={i === segments.length - 1 || !shown(segments[i + 1]?.speaker)}
              {...actions}
            />
          ) : null,
        )}
      </ol>

      <Dialog
        open={leaving.status === "blocked"}
        onOpenChange={(open) => {
          if (!open) leaving.reset?.();
        }}
        title={t("leave.title")}
        description={t("leave.description")}
        footer={
          <>
            <Button type="button" variant="outline" onClick={() => leaving.reset?.()}>
              {t("leave.stay")}
            </Button>
            <Button type="button" variant="destructive" onClick={() => leaving.proceed?.()}>
              {t("leave.leave")}
            </Button>
          </>
        }
      >
        <p className="text-sm">{t("leave.body")}</p>
      </Dialog>

      <VersionConflictDialog
        currentVersion={editor.conflict}
        onReload={() => {
          editor.dismissConflict();
          void editor.dropEdits().then(onReload);
        }}
        onKeep={editor.dismissConflict}
      />
    </section>
  );
}

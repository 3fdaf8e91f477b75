import type { TranscriptDoc } from "@verbatim/shared/transcript";
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { userMessage } from "@/lib/api";
import { useRerunAnalysis } from "../api/editor-api";
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
    }, "Could not save the transcript");

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
      void run(editor.undo, "Could not undo");
    } else if (!inText && (key === "y" || (key === "z" && event.shiftKey))) {
      event.preventDefault();
      void run(editor.redo, "Could not redo");
    }
  };

  if (!editor.ready) return <p className="text-sm text-muted-foreground">Opening the editor…</p>;

  return (
    <section aria-label="Transcript editor" className="space-y-3" onKeyDown={onKeyDown}>
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-2 rounded-md border bg-card p-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!editor.canUndo || editor.saving}
          onClick={() => void run(editor.undo, "Could not undo")}
          aria-keyshortcuts="Control+Z"
        >
          Undo
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!editor.canRedo || editor.saving}
          onClick={() => void run(editor.redo, "Could not redo")}
          aria-keyshortcuts="Control+Shift+Z"
        >
          Redo
        </Button>
        <Button
          type="button"
          size="sm"
          disabled={!editor.dirty || editor.saving}
          onClick={() => void saveNow()}
          aria-keyshortcuts="Control+S"
        >
          {editor.saving ? "Saving…" : "Save"}
        </Button>
        <span role="status" className="text-sm text-muted-foreground">
          {editor.dirty ? "Unsaved changes" : `Saved (version ${editor.baseVersion})`}
        </span>
        <Button type="button" variant="ghost" size="sm" className="ml-auto" onClick={onClose}>
          Done editing
        </Button>
      </div>

      {editor.restored && (
        <div className="flex flex-wrap items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm">
          <span>
            Your unsaved edits from {new Date(editor.restored.savedAt).toLocaleString()} are back.
            {editor.restored.stale && " The transcript was saved elsewhere since; saving will ask what to do."}
          </span>
          <Button type="button" variant="outline" size="sm" onClick={editor.discardDraft}>
            Discard them
          </Button>
        </div>
      )}

      {offerAnalysis && !editor.dirty && (
        <div className="flex flex-wrap items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm">
          <span>Saved. The summary and analysis were made from the earlier text.</span>
          <Button
            type="button"
            size="sm"
            disabled={analysis.isPending}
            onClick={() =>
              void run(async () => {
                await analysis.mutateAsync();
                setOfferAnalysis(false);
                toast({ title: "Analysis started", description: "The summary and analysis are being made again." });
              }, "Could not start the analysis")
            }
          >
            Re-run analysis
          </Button>
        </div>
      )}

      <p className="text-xs text-muted-foreground">
        Edit any line while the recording plays. Enter splits a line at the cursor; Backspace at its start joins it to
        the line before. Ctrl+Z undoes, Ctrl+S saves, Esc leaves the text (then Space plays or pauses).
      </p>

      <ol
        ref={list}
        aria-label="Editable transcript"
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

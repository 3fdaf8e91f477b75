import type { TranscriptDoc } from "@verbatim/shared/transcript";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRestoreVersion, useSaveTranscript, useTranscriptVersions, VersionConflictError } from "../api/editor-api";
import { deleteDraft, loadDraft, saveDraft } from "../lib/editor/drafts";
import { type EditState, editText, sameContent } from "../lib/editor/edit-model";
import { type History, push, redo, startHistory, undo } from "../lib/editor/history";

/** Unsaved edits reach IndexedDB this long after the last keystroke. */
const DRAFT_DELAY_MS = 250;

/** Unsaved edits found in IndexedDB when the editor opened. */
export interface RestoredDraft {
  savedAt: number;
  /** The transcript was saved elsewhere since: saving these edits will answer 409. */
  stale: boolean;
}

const sameText = (a: EditState, b: EditState, index: number) =>
  a.segments.length === b.segments.length && a.segments[index]?.text === b.segments[index]?.text;

const stateOf = (doc: TranscriptDoc): EditState => ({ segments: doc.segments, speakers: doc.speakers ?? [] });

/**
 * The editor's state: an undo history of edit states, the version they are based on, and the last state the
 * server has. Unsaved states are mirrored to IndexedDB; typing in a segment is one undo step per visit of it.
 * When the session's own history is exhausted, undo and redo walk the server's saved versions (restore), so
 * they also work after a reload.
 */
export function useTranscriptEditor(id: string, initialDoc: TranscriptDoc, initialVersion: number) {
  // The doc and version the editor opened with; the editor's own state follows from there (a save updates the
  // cached doc, which must not send the editor back to its start).
  const [{ doc, version }] = useState({ doc: initialDoc, version: initialVersion });
  const [history, setHistory] = useState<History<EditState>>(() => startHistory(stateOf(doc)));
  const [saved, setSaved] = useState<EditState>(history.present);
  const [baseVersion, setBaseVersion] = useState(version);
  const [ready, setReady] = useState(false);
  const [restored, setRestored] = useState<RestoredDraft | null>(null);
  const [conflict, setConflict] = useState<number | null>(null);
  /** Versions an undo through the server left, newest last: what redo restores. */
  const [serverRedo, setServerRedo] = useState<number[]>([]);
  const session = useRef<{ index: number; base: EditState } | null>(null);
  const latest = useRef(history);
  latest.current = history;
  const save = useSaveTranscript(id);
  const restore = useRestoreVersion(id);
  const versions = useTranscriptVersions(id, ready);

  const dirty = history.present !== saved;

  useEffect(() => {
    let live = true;
    void loadDraft(id).then((draft) => {
      if (!live) return;
      // A draft the server already has (a reload came before its deletion landed) is no unsaved edit.
      if (draft && sameContent(draft, stateOf(doc))) void deleteDraft(id);
      else if (draft) {
        setHistory((h) => push(h, { segments: draft.segments, speakers: draft.speakers }));
        setBaseVersion(draft.baseVersion);
        setRestored({ savedAt: draft.savedAt, stale: draft.baseVersion !== version });
      }
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [id, version, doc]);

  /** Set once the user chose to drop the unsaved edits for the server's newer version: nothing more is written. */
  const dropped = useRef(false);

  useEffect(() => {
    if (!ready || dropped.current) return;
    // Nothing unsaved (just saved, or undone back to the saved text): the draft goes at once, so a reload right
    // after a save cannot bring back edits the server already has.
    if (!dirty) {
      void deleteDraft(id);
      return;
    }
    const timer = setTimeout(() => {
      // A timer set before "Reload the transcript" must not write the dropped edits back after their deletion
      // (the reloaded editor would reopen on them, and the next save would meet the same conflict).
      if (dropped.current) return;
      void saveDraft({ transcriptionId: id, baseVersion, ...history.present, savedAt: Date.now() });
    }, DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, dirty, id, baseVersion, history.present]);

  /** A change by an operation (split, merge, speaker): one undo step. */
  const apply = useCallback((change: (state: EditState) => EditState) => {
    session.current = null;
    setHistory((h) => push(h, change(h.present)));
  }, []);

  /** Focus entered segment `index`'s text: its typing becomes one undo step, retimed from the text it had now. */
  const begin = useCallback((index: number) => {
    session.current = { index, base: latest.current.present };
  }, []);

  /** The segment's text as typed; empty text removes the segment only when the user leaves it (`end`). */
  const type = useCallback((index: number, text: string, leaving = false) => {
    const current = session.current;
    if (!current || current.index !== index || (!text.trim() && !leaving)) return;
    const next = editText(current.base, index, text);
    setHistory((h) => {
      // Leaving a segment, or a keystroke that changed only spacing, changes nothing.
      if (sameText(h.present, next, index)) return h;
      if (h.present === current.base) return push(h, next);
      // Later keystrokes of the same visit replace its step rather than adding one.
      return next === current.base
        ? { past: h.past.slice(0, -1), present: next, future: [] }
        : { ...h, present: next, future: [] };
    });
  }, []);

  const end = useCallback(
    (index: number, text: string) => {
      type(index, text, true);
      session.current = null;
    },
    [type],
  );

  const applyServerDoc = (saved: TranscriptDoc) => {
    const state = stateOf(saved);
    setHistory(startHistory(state));
    setSaved(state);
    setBaseVersion(saved.version ?? baseVersion + 1);
  };

  const onConflict = (error: unknown) => {
    if (error instanceof VersionConflictError) setConflict(error.currentVersion);
  };

  /**
   * True when the server took the save; false when there was nothing to save or it answered 409. `keepTyping`
   * (auto-save) leaves the segment being typed in its undo step, so the keystrokes after the save still count.
   */
  const saveNow = async ({ keepTyping = false }: { keepTyping?: boolean } = {}): Promise<boolean> => {
    if (!dirty || save.isPending) return false;
    const state = history.present;
    try {
      const answer = await save.mutateAsync({ baseVersion, segments: state.segments, speakers: state.speakers });
      if (!keepTyping) session.current = null;
      setSaved(state);
      setBaseVersion(answer.version ?? baseVersion + 1);
      setRestored(null);
      setServerRedo([]);
      return true;
    } catch (error) {
      onConflict(error);
      if (!(error instanceof VersionConflictError)) throw error;
      return false;
    }
  };

  /** The newest saved version older than the current one: what an undo through the server restores. */
  const previousVersion = versions.data?.versions.find((v) => v.version < baseVersion)?.version ?? null;
  const serverUndoable = !dirty && history.past.length === 0 && previousVersion !== null;
  const serverRedoable = !dirty && history.future.length === 0 && serverRedo.length > 0;

  const restoreVersion = async (target: number, redoStack: number[]) => {
    try {
      const answer = await restore.mutateAsync({ baseVersion, version: target });
      applyServerDoc(answer);
      setServerRedo(redoStack);
    } catch (error) {
      onConflict(error);
      if (!(error instanceof VersionConflictError)) throw error;
    }
  };

  const undoNow = async () => {
    session.current = null;
    if (history.past.length > 0) setHistory(undo);
    else if (serverUndoable && previousVersion !== null)
      await restoreVersion(previousVersion, [...serverRedo, baseVersion]);
  };

  const redoNow = async () => {
    session.current = null;
    const target = serverRedo[serverRedo.length - 1];
    if (history.future.length > 0) setHistory(redo);
    else if (serverRedoable && target !== undefined) await restoreVersion(target, serverRedo.slice(0, -1));
  };

  const discardDraft = () => {
    session.current = null;
    setHistory(startHistory(saved));
    setBaseVersion(version);
    setRestored(null);
  };

  /** After a conflict: forget the unsaved edits (the caller then loads the server's version). */
  const dropEdits = () => {
    dropped.current = true;
    return deleteDraft(id);
  };

  return {
    ready,
    dropEdits,
    state: history.present,
    dirty,
    baseVersion,
    restored,
    conflict,
    dismissConflict: () => setConflict(null),
    canUndo: history.past.length > 0 || serverUndoable,
    canRedo: history.future.length > 0 || serverRedoable,
    undo: undoNow,
    redo: redoNow,
    apply,
    begin,
    type,
    end,
    save: saveNow,
    saving: save.isPending || restore.isPending,
    discardDraft,
  };
}

export type TranscriptEditor = ReturnType<typeof useTranscriptEditor>;

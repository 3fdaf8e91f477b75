import { useCallback, useEffect, useRef } from "react";

/** Settings › General › Auto-save: edits are saved this long after the last change. */
export const AUTO_SAVE_DELAY_MS = 2000;

interface AutoSaveOptions {
  /** The user's Auto-save setting. */
  enabled: boolean;
  /** The editor's current state: a new value is a change. */
  state: unknown;
  /** The state differs from what the server has. */
  dirty: boolean;
  /** A save is under way, or a version conflict waits for the user's choice. */
  paused: boolean;
  save: () => Promise<unknown>;
}

/**
 * Saves the editor's changes by itself: `AUTO_SAVE_DELAY_MS` after the last change, and at once when the page is
 * hidden or the editor goes away (another screen). A state whose save failed (409, offline) is not sent again
 * until it changes: the conflict dialog or the error toast has already told the user. Returns `flush`, for saving
 * at once (focus leaving the editor).
 */
export function useAutoSave({ enabled, state, dirty, paused, save }: AutoSaveOptions) {
  const live = useRef({ enabled, state, dirty, paused, save });
  live.current = { enabled, state, dirty, paused, save };
  /** The last state sent: a save is tried once per state. */
  const tried = useRef<unknown>(null);

  const flush = useCallback(() => {
    const now = live.current;
    if (!now.enabled || !now.dirty || now.paused || tried.current === now.state) return;
    tried.current = now.state;
    void now.save();
  }, []);

  useEffect(() => {
    if (!enabled || !dirty || paused || tried.current === state) return;
    const timer = setTimeout(flush, AUTO_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, dirty, paused, state, flush]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", flush);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", flush);
      flush(); // the editor closes or the user goes to another screen
    };
  }, [flush]);

  return flush;
}

import { type RefObject, useEffect } from "react";

/** Seconds one arrow or j/l press moves. */
export const SEEK_STEP_S = 5;

/**
 * Player keys while focus is not in a text field: Space or k play/pause, ← → or j l seek 5 s. Keys keep their
 * own meaning on controls (Space presses a focused button, arrows move between tabs) and inside dialogs.
 */
export function usePlayerShortcuts(mediaRef: RefObject<HTMLMediaElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const media = mediaRef.current;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (
        !media ||
        target?.closest('input, textarea, select, [contenteditable="true"], audio, video, dialog, [role="menu"]')
      ) {
        return;
      }
      const onControl = target?.closest('button, a, [role="tab"]');
      const toggle = () => (media.paused ? void media.play().catch(() => undefined) : media.pause());
      const seekBy = (delta: number) => {
        const end = Number.isFinite(media.duration) ? media.duration : Number.POSITIVE_INFINITY;
        media.currentTime = Math.min(end, Math.max(0, media.currentTime + delta));
      };
      switch (event.key) {
        case " ":
          if (onControl) return;
          toggle();
          break;
        case "k":
          toggle();
          break;
        case "ArrowLeft":
          if (onControl) return;
          seekBy(-SEEK_STEP_S);
          break;
        case "j":
          seekBy(-SEEK_STEP_S);
          break;
        case "ArrowRight":
          if (onControl) return;
          seekBy(SEEK_STEP_S);
          break;
        case "l":
          seekBy(SEEK_STEP_S);
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [mediaRef]);
}

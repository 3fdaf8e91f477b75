import type { RefObject } from "react";
import { SEEK_STEP_S } from "../hooks/use-player-shortcuts";

interface MediaPlayerProps {
  transcriptionId: string;
  fileType: string;
  mediaRef: RefObject<HTMLMediaElement | null>;
  onTime: (seconds: number) => void;
  onPlayingChange: (playing: boolean) => void;
  /** False offline or after a load error: a message replaces the player. */
  playable: boolean;
  online: boolean;
  onFailedChange: (failed: boolean) => void;
}

/**
 * The uploaded recording, streamed with Range requests so seeking works without downloading it all.
 * Video files play in a <video>; everything else in an <audio>. Native controls keep it keyboard-accessible.
 */
export function MediaPlayer({
  transcriptionId,
  fileType,
  mediaRef,
  onTime,
  onPlayingChange,
  playable,
  online,
  onFailedChange,
}: MediaPlayerProps) {
  const src = `/api/transcriptions/${transcriptionId}/media`;
  const events = {
    onTimeUpdate: (e: { currentTarget: HTMLMediaElement }) => onTime(e.currentTarget.currentTime),
    onSeeked: (e: { currentTarget: HTMLMediaElement }) => onTime(e.currentTarget.currentTime),
    onPlay: () => onPlayingChange(true),
    onPause: () => onPlayingChange(false),
    onEnded: () => onPlayingChange(false),
    onError: () => onFailedChange(true),
    onLoadedMetadata: () => onFailedChange(false),
  };

  if (!playable) {
    return (
      <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
        {online
          ? "The recording can't be played right now."
          : "The recording can't be played offline. The transcript below is saved on this device."}
      </p>
    );
  }

  return (
    <div className="space-y-2">
      {fileType.startsWith("video/") ? (
        <video
          ref={(el) => {
            mediaRef.current = el;
          }}
          src={src}
          controls
          preload="metadata"
          playsInline
          aria-label="Recording"
          className="max-h-[50vh] w-full rounded-md bg-black"
          {...events}
        />
      ) : (
        <audio
          ref={(el) => {
            mediaRef.current = el;
          }}
          src={src}
          controls
          preload="metadata"
          aria-label="Recording"
          className="w-full"
          {...events}
        />
      )}
      <p className="hidden text-xs text-muted-foreground md:block">
        Shortcuts: Space or K to play or pause, ← → or J L to skip {SEEK_STEP_S} seconds. Select a timestamp in the transcript to jump there.
      </p>
    </div>
  );
}

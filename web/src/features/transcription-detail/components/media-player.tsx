import type { RefObject } from "react";
import { useTranslations } from "use-intl";
import { mediaPath } from "@/entities/transcription/media-url";
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
  /** Shown as the video's captions, from the VTT export, once there is a transcript. */
  captions: { language: string | null; version: string } | null;
  /** Seconds to start at (a search hit), instead of the beginning. */
  startAt?: number | undefined;
  /** A copy is kept on this device: the service worker serves it (online or not). */
  kept: boolean;
}

/**
 * The uploaded recording, streamed with Range requests so seeking works without downloading it all.
 * Video files play in a <video> with the transcript as captions; everything else in an <audio>.
 * Native controls keep it keyboard-accessible.
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
  captions,
  startAt,
  kept,
}: MediaPlayerProps) {
  const t = useTranslations("detail.player");
  const src = mediaPath(transcriptionId, { kept });
  const events = {
    onTimeUpdate: (e: { currentTarget: HTMLMediaElement }) => onTime(e.currentTarget.currentTime),
    onSeeked: (e: { currentTarget: HTMLMediaElement }) => onTime(e.currentTarget.currentTime),
    onPlay: () => onPlayingChange(true),
    onPause: () => onPlayingChange(false),
    onEnded: () => onPlayingChange(false),
    onError: () => onFailedChange(true),
    onLoadedMetadata: (e: { currentTarget: HTMLMediaElement }) => {
      onFailedChange(false);
      if (startAt !== undefined && e.currentTarget.currentTime === 0) e.currentTarget.currentTime = startAt;
    },
  };

  if (!playable) {
    return (
      <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
        {online ? t("unavailable") : t("offline")}
      </p>
    );
  }

  return (
    <div>
      {fileType.startsWith("video/") ? (
        <video
          ref={(el) => {
            mediaRef.current = el;
          }}
          src={src}
          controls
          preload="metadata"
          playsInline
          aria-label={t("recording")}
          className="max-h-[25vh] w-full rounded-md bg-black md:max-h-[50vh]"
          {...events}
        >
          {captions && (
            // Keyed by version: a reprocessed transcript must reload its cues, and a <track> loads only once.
            <track
              key={captions.version}
              kind="captions"
              label={t("captions")}
              srcLang={captions.language ?? "en"}
              src={`/api/transcriptions/${transcriptionId}/export?format=vtt`}
              default
            />
          )}
        </video>
      ) : (
        <audio
          ref={(el) => {
            mediaRef.current = el;
          }}
          src={src}
          controls
          preload="metadata"
          aria-label={t("recording")}
          className="w-full"
          {...events}
        />
      )}
      {/* Its margin only where it shows: the room held for the player (detail-page.tsx) is the audio's alone on a
          phone, and the audio with this line from md. */}
      <p className="mt-2 hidden text-xs text-muted-foreground md:block">{t("shortcuts", { seconds: SEEK_STEP_S })}</p>
    </div>
  );
}

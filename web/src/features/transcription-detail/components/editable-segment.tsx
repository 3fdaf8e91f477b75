import { speakerLabel } from "@verbatim/shared/speakers";
import type { Segment, Speaker } from "@verbatim/shared/transcript";
import { type KeyboardEvent, memo, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { speakerColor } from "@/entities/transcription/speakers";
import { cn } from "@/lib/cn";
import { formatClock } from "@/lib/format";
import { joinsWithoutSpaces } from "../lib/editor/retime";
import { markPlayingWord } from "./playing-word";

export interface SegmentActions {
  onSeek?: (seconds: number) => void;
  onBegin: (index: number) => void;
  onType: (index: number, text: string) => void;
  onEnd: (index: number, text: string) => void;
  /** Split at character `caret` of `text` (Enter, or the Split button). */
  onSplit: (index: number, text: string, caret: number) => void;
  /** Join with the segment before (Backspace at the start of the text). */
  onMergeBack: (index: number, text: string) => void;
  onMergeNext: (index: number) => void;
  onSpeaker: (index: number, speaker: string) => void;
  onNewSpeaker: (index: number) => void;
}

/** The select's value for "New speaker…"; speaker ids never start with a space. */
const NEW_SPEAKER = " new";

interface EditableSegmentProps extends SegmentActions {
  index: number;
  segment: Segment;
  speakers: Speaker[];
  /** The word playing now (an index into the segment's words), -1 when this segment is not playing. */
  playingWord: number;
  active: boolean;
  /** No visible segment before / after this one: nothing to join with there. */
  first: boolean;
  last: boolean;
}

/**
 * One segment of the transcript, editable in place: its text is a textarea laid over a copy of the same text in
 * which the playing word is marked, so the highlight follows the recording while the user types.
 */
export const EditableSegment = memo(function EditableSegment({
  index,
  segment,
  speakers,
  playingWord,
  active,
  first,
  last,
  onSeek,
  onBegin,
  onType,
  onEnd,
  onSplit,
  onMergeBack,
  onMergeNext,
  onSpeaker,
  onNewSpeaker,
}: EditableSegmentProps) {
  const t = useTranslations("editor.segment");
  // The text as typed while the segment has focus (spaces included); the model holds it normalised.
  const [typed, setTyped] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const text = typed ?? segment.text;
  const clock = formatClock(segment.start);
  const speaker = segment.speaker;
  const speakerName = speaker ? speakerLabel(speakers, speaker) : null;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const el = event.currentTarget;
    const collapsed = el.selectionStart === el.selectionEnd;
    if (event.key === "Enter" && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      setTyped(null);
      onSplit(index, el.value, el.selectionStart);
    } else if (event.key === "Backspace" && collapsed && el.selectionStart === 0 && !first) {
      event.preventDefault();
      setTyped(null);
      onMergeBack(index, el.value);
    } else if (event.key === "Escape") {
      // Leaves the text (kept), so the player's keys work again.
      event.preventDefault();
      el.blur();
    }
  };

  return (
    <li
      data-segment={index}
      aria-current={active ? "true" : undefined}
      className={cn(
        "grid grid-cols-1 gap-x-3 gap-y-1 rounded-md px-2 py-1.5 text-sm md:grid-cols-[auto_1fr_auto]",
        active && "bg-accent/60",
      )}
    >
      <div className="flex items-center gap-2 md:flex-col md:items-start md:gap-1">
        {onSeek ? (
          <button
            type="button"
            onClick={() => onSeek(segment.start)}
            aria-label={t("playFrom", { time: clock })}
            className="rounded font-mono text-xs text-primary tabular-nums hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            [{clock}]
          </button>
        ) : (
          <span className="font-mono text-xs text-muted-foreground tabular-nums">[{clock}]</span>
        )}
        <select
          aria-label={t("speakerAt", { time: clock })}
          value={speaker ?? ""}
          onChange={(e) => (e.target.value === NEW_SPEAKER ? onNewSpeaker(index) : onSpeaker(index, e.target.value))}
          style={speaker ? { borderLeftColor: speakerColor(speakers, speaker) } : undefined}
          className="max-w-36 rounded border border-l-4 border-input bg-background px-1 py-0.5 text-xs font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {!speaker && <option value="">{t("noSpeaker")}</option>}
          {/* A "Name:" label of a transcript without listed speakers. */}
          {speaker && !speakers.some((s) => s.id === speaker) && <option value={speaker}>{speaker}</option>}
          {speakers.map((s) => (
            <option key={s.id} value={s.id}>
              {speakerLabel(speakers, s.id)}
            </option>
          ))}
          <option value={NEW_SPEAKER}>{t("newSpeaker")}</option>
        </select>
      </div>
      <div className="relative min-w-0">
        {/* The copy below sizes the box and shows the playing word; the textarea on top holds the caret. */}
        <div
          aria-hidden="true"
          dir="auto"
          className="min-h-8 whitespace-pre-wrap break-words rounded-md border border-transparent px-2 py-1 leading-relaxed text-transparent"
        >
          {markPlayingWord(text, playingWord, joinsWithoutSpaces(segment), "text-transparent")}
          {"\u200b"}
        </div>
        <textarea
          ref={area}
          dir="auto"
          aria-label={
            speakerName ? t("textAtSpeaker", { time: clock, speaker: speakerName }) : t("textAt", { time: clock })
          }
          value={text}
          spellCheck
          rows={1}
          onFocus={(e) => {
            setTyped(e.currentTarget.value);
            onBegin(index);
          }}
          onChange={(e) => {
            setTyped(e.target.value);
            onType(index, e.target.value);
          }}
          onBlur={(e) => {
            setTyped(null);
            onEnd(index, e.currentTarget.value);
          }}
          onKeyDown={onKeyDown}
          className="absolute inset-0 resize-none overflow-hidden rounded-md border border-transparent bg-transparent px-2 py-1 leading-relaxed hover:border-input focus-visible:border-input focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
      </div>
      <div className="flex gap-1">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-xs"
          aria-label={t("splitLabel", { time: clock })}
          // Keeps the caret in the text: the split happens where it is.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            const el = area.current;
            if (!el) return;
            setTyped(null);
            onSplit(index, el.value, document.activeElement === el ? el.selectionStart : el.value.length);
          }}
        >
          {t("split")}
        </Button>
        {!last && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs"
            aria-label={t("mergeLabel", { time: clock })}
            onClick={() => onMergeNext(index)}
          >
            {t("merge")}
          </Button>
        )}
      </div>
    </li>
  );
});

import { speakerLabel } from "@verbatim/shared/speakers";
import type { Speaker } from "@verbatim/shared/transcript";
import { Fragment, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { speakerColor } from "@/entities/transcription/speakers";
import { cn } from "@/lib/cn";
import { formatClock } from "@/lib/format";
import { activeWordIndex } from "../lib/editor/retime";
import type { SearchMatch } from "../lib/search";
import type { TimedLine } from "../lib/timed-lines";
import { markPlayingWord } from "./playing-word";

interface TranscriptLinesProps {
  lines: TimedLine[];
  /** The line playing now, -1 for none. */
  activeIndex: number;
  /** The recording's position: the playing line's word at this time is marked. */
  time?: number;
  /** Keeps the playing line in view while the recording plays. */
  follow: boolean;
  onSeek?: (seconds: number) => void;
  matches?: SearchMatch[];
  activeMatch?: number;
  label: string;
  /** The diarized speakers, for names and colours (a legacy "Name:" label is shown as it is). */
  speakers?: Speaker[];
  /** Lines by speakers the speaker filter hides are left out (their indices stay, for search and playback). */
  shown?: (speaker: string | null) => boolean;
  /**
   * The line a search hit opened the transcript at (-1 or absent for none): it is marked as the hit, scrolled
   * into view on the page once, and announced to screen readers.
   */
  hitIndex?: number;
}

/**
 * The transcript as timed lines. The playing line is highlighted, and in it the playing word; a line's timestamp (and the line itself, for
 * pointer users) seeks the recording there. Search matches are marked, the current one more strongly.
 */
export function TranscriptLines({
  lines,
  activeIndex,
  time,
  follow,
  onSeek,
  matches = [],
  activeMatch = -1,
  label,
  speakers = [],
  shown = () => true,
  hitIndex = -1,
}: TranscriptLinesProps) {
  const t = useTranslations("detail.transcript");
  const container = useRef<HTMLOListElement>(null);
  const [announced, setAnnounced] = useState("");
  const hitLine = hitIndex >= 0 ? lines[hitIndex] : undefined;
  const hitAnnouncement = hitLine ? t("openedAt", { time: formatClock(hitLine.start ?? 0), text: hitLine.text }) : "";

  // A search hit's line is brought into view on the page (not only in the box) once, and announced.
  useEffect(() => {
    if (!hitAnnouncement) return;
    const line = container.current?.querySelector<HTMLElement>(`[data-line="${hitIndex}"]`);
    line?.scrollIntoView?.({ block: "center" });
    setAnnounced(hitAnnouncement);
  }, [hitIndex, hitAnnouncement]);

  // Scrolls only the transcript box, never the page, to keep the playing line in view.
  useEffect(() => {
    if (!follow || activeIndex < 0) return;
    scrollIntoBox(container.current, `[data-line="${activeIndex}"]`);
  }, [follow, activeIndex]);

  useEffect(() => {
    if (activeMatch >= 0) scrollIntoBox(container.current, '[data-active-match="true"]');
  }, [activeMatch]);

  const byLine = new Map<number, Array<SearchMatch & { index: number }>>();
  matches.forEach((m, index) => {
    const list = byLine.get(m.line) ?? [];
    list.push({ ...m, index });
    byLine.set(m.line, list);
  });

  return (
    <>
      {/* Present from the start, so screen readers announce the text once it is set. */}
      <p role="status" className="sr-only">
        {announced}
      </p>
      <ol
        ref={container}
        aria-label={label}
        // Focusable so keyboard users can scroll it even when no line has a timestamp button.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
        tabIndex={0}
        className="relative max-h-[60vh] space-y-1 overflow-y-auto rounded-md pr-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {lines.map((line, i) => {
          if (!shown(line.speaker)) return null;
          const active = i === activeIndex;
          const hit = i === hitIndex;
          const start = line.start;
          return (
            // The whole line seeks for pointer users; the keyboard path is the line's timestamp button.
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
            <li
              // Lines never reorder: the index is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              key={i}
              data-line={i}
              data-search-hit={hit || undefined}
              aria-current={active ? "true" : undefined}
              onClick={(event) => {
                // A click that selects text is a selection, not a seek.
                if (
                  start !== null &&
                  onSeek &&
                  !window.getSelection()?.toString() &&
                  !(event.target as HTMLElement).closest("button")
                ) {
                  onSeek(start);
                }
              }}
              className={cn(
                "flex gap-3 rounded-md px-2 py-1.5 text-sm leading-relaxed transition-colors",
                start !== null && onSeek && "cursor-pointer hover:bg-muted",
                active && "bg-accent text-accent-foreground",
                hit && "ring-2 ring-inset ring-primary",
              )}
            >
              {start !== null &&
                (onSeek ? (
                  <button
                    type="button"
                    onClick={() => onSeek(start)}
                    aria-label={t("playFrom", { time: formatClock(start) })}
                    className="h-fit shrink-0 rounded font-mono text-xs text-primary tabular-nums hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    [{formatClock(start)}]
                  </button>
                ) : (
                  <span className="shrink-0 font-mono text-xs text-muted-foreground tabular-nums">
                    [{formatClock(start)}]
                  </span>
                ))}
              {hit && (
                <span className="h-fit shrink-0 select-none rounded-sm bg-primary px-1.5 py-0.5 text-xs font-medium text-primary-foreground">
                  {t("searchHit")}
                </span>
              )}
              {/* dir="auto": Arabic, Hebrew, Persian or Urdu lines read right to left, each by its own first letters. */}
              <p dir="auto" className="min-w-0 flex-1 whitespace-pre-wrap break-words">
                {line.speaker && (
                  <span className="font-semibold">
                    {/* The colour tells speakers apart at a glance; the name says who it is (never colour alone). */}
                    <span
                      aria-hidden="true"
                      className="mr-1.5 inline-block size-2.5 rounded-full align-middle"
                      style={{ backgroundColor: speakerColor(speakers, line.speaker) }}
                    />
                    {speakerLabel(speakers, line.speaker)}:{" "}
                  </span>
                )}
                {byLine.has(i) || !active || time === undefined || !line.words
                  ? highlight(line.text, byLine.get(i) ?? [], activeMatch)
                  : markPlayingWord(line.text, activeWordIndex(line.words, time), line.withoutSpaces ?? false)}
              </p>
            </li>
          );
        })}
      </ol>
    </>
  );
}

function highlight(text: string, matches: Array<SearchMatch & { index: number }>, activeMatch: number): ReactNode {
  if (matches.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const m of matches) {
    parts.push(<Fragment key={`t${m.index}`}>{text.slice(at, m.from)}</Fragment>);
    const current = m.index === activeMatch;
    parts.push(
      <mark
        key={`m${m.index}`}
        data-search-match=""
        data-active-match={current || undefined}
        className={cn(
          "rounded-sm px-0.5 text-foreground",
          current ? "bg-amber-400 ring-2 ring-amber-600" : "bg-yellow-200 dark:bg-yellow-700",
        )}
      >
        {text.slice(m.from, m.to)}
      </mark>,
    );
    at = m.to;
  }
  parts.push(<Fragment key="rest">{text.slice(at)}</Fragment>);
  return parts;
}

function scrollIntoBox(box: HTMLElement | null, selector: string) {
  const target = box?.querySelector<HTMLElement>(selector);
  if (!box || !target) return;
  const top = target.offsetTop;
  const bottom = top + target.offsetHeight;
  if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) {
    box.scrollTo({ top: Math.max(0, top - box.clientHeight / 3), behavior: "smooth" });
  }
}

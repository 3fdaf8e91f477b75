import type { TranscriptDoc } from "@verbatim/shared/transcript";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useReloadTranscript } from "../api/editor-api";
import { loadDraft } from "../lib/editor/drafts";
import { findMatches } from "../lib/search";
import { isLineShown, useSpeakerFilter } from "../lib/speaker-filter";
import { activeLineIndex, linesFromText, type TimedLine } from "../lib/timed-lines";
import { EmptyState } from "./empty-state";
import { TranscriptEditor } from "./transcript-editor";
import { TranscriptLines } from "./transcript-lines";
import { TranscriptSearch } from "./transcript-search";

interface TranscriptTabProps {
  transcriptionId: string;
  lines: TimedLine[];
  /** The timed transcript the editor edits; null or undefined when there is none (or while processing). */
  doc: TranscriptDoc | null | undefined;
  /** The row's transcript_version: the doc's version for docs stored before docs carried one. */
  version: number;
  /**
   * The doc was read from the server since the page opened. Until then it may be the copy saved for offline
   * reading, and edits made on an old copy could only end in a conflict, so the editor waits.
   */
  fresh: boolean;
  /** The caller's role allows editing (a viewer's does not). */
  mayEdit: boolean;
  formatted: string | null;
  processing: boolean;
  time: number;
  /** Keep the current line in view: while the recording plays, or after opening at a moment. */
  follow: boolean;
  onSeek?: (seconds: number) => void;
  /** The start of the line a search hit opened the transcript at: that line is marked and brought into view. */
  hit?: number | undefined;
}

/** Sub-tabs Full Transcript (default) and Formatted; the full transcript can be edited (issue 15). */
export function TranscriptTab({
  transcriptionId,
  lines,
  doc,
  version,
  fresh,
  mayEdit,
  formatted,
  processing,
  time,
  follow,
  onSeek,
  hit,
}: TranscriptTabProps) {
  const t = useTranslations("detail.transcript");
  const [view, setView] = useState("full");
  const [query, setQuery] = useState("");
  const [current, setCurrent] = useState(0);
  const [editing, setEditing] = useState(false);
  // Bumped when the user reloads after a conflict: the editor starts over from the server's transcript.
  const [generation, setGeneration] = useState(0);
  const reload = useReloadTranscript(transcriptionId);
  const editable = mayEdit && fresh && !processing && !!doc && doc.segments.length > 0;
  const [filter] = useSpeakerFilter(transcriptionId);
  const shown = useCallback((speaker: string | null | undefined) => isLineShown(filter, speaker), [filter]);
  const speakers = doc?.speakers ?? [];

  // Unsaved edits from before a reload reopen the editor, so they are seen (and can be saved or discarded).
  useEffect(() => {
    let live = true;
    void loadDraft(transcriptionId).then((draft) => {
      if (live && draft) setEditing(true);
    });
    return () => {
      live = false;
    };
  }, [transcriptionId]);

  const matches = useMemo(() => findMatches(lines, query), [lines, query]);
  const activeMatch = matches.length === 0 ? -1 : Math.min(current, matches.length - 1);
  const hitIndex = useMemo(() => (hit === undefined ? -1 : activeLineIndex(lines, hit)), [lines, hit]);
  const formattedLines = useMemo(() => (formatted?.trim() ? linesFromText(formatted) : null), [formatted]);

  if (lines.length === 0) return <EmptyState processing={processing} kind="transcript" />;

  return (
    <Tabs value={view} onValueChange={setView}>
      <TabsList label={t("view")}>
        <TabsTrigger value="full">{t("full")}</TabsTrigger>
        <TabsTrigger value="formatted">{t("formatted")}</TabsTrigger>
      </TabsList>
      <TabsContent value="full" className="space-y-3">
        {editable && editing && doc ? (
          <TranscriptEditor
            key={generation}
            transcriptionId={transcriptionId}
            doc={doc}
            version={doc.version ?? version}
            time={time}
            follow={follow}
            onSeek={onSeek}
            shown={shown}
            onClose={() => setEditing(false)}
            onReload={() => void reload().then(() => setGeneration((g) => g + 1))}
          />
        ) : (
          <>
            {editable && (
              <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
                {t("edit")}
              </Button>
            )}
            <TranscriptSearch
              query={query}
              onQueryChange={(q) => {
                setQuery(q);
                setCurrent(0);
              }}
              count={matches.length}
              current={activeMatch}
              onStep={(delta) => setCurrent((activeMatch + delta + matches.length) % matches.length)}
            />
            <TranscriptLines
              label={t("fullLabel")}
              lines={lines}
              activeIndex={activeLineIndex(lines, time)}
              time={time}
              follow={follow}
              onSeek={onSeek}
              matches={matches}
              activeMatch={activeMatch}
              speakers={speakers}
              shown={shown}
              hitIndex={hitIndex}
            />
          </>
        )}
      </TabsContent>
      <TabsContent value="formatted" className="space-y-3">
        {formattedLines ? (
          <TranscriptLines
            label={t("formattedLabel")}
            lines={formattedLines}
            activeIndex={activeLineIndex(formattedLines, time)}
            follow={follow}
            onSeek={onSeek}
          />
        ) : (
          <>
            <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">{t("formattedMissing")}</p>
            <TranscriptLines
              label={t("fullLabel")}
              lines={lines}
              activeIndex={activeLineIndex(lines, time)}
              time={time}
              follow={follow}
              onSeek={onSeek}
              speakers={speakers}
              shown={shown}
            />
          </>
        )}
      </TabsContent>
    </Tabs>
  );
}

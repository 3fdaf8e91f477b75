import { useMemo, useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { findMatches } from "../lib/search";
import { activeLineIndex, linesFromText, type TimedLine } from "../lib/timed-lines";
import { EmptyState } from "./empty-state";
import { TranscriptLines } from "./transcript-lines";
import { TranscriptSearch } from "./transcript-search";

interface TranscriptTabProps {
  lines: TimedLine[];
  formatted: string | null;
  processing: boolean;
  time: number;
  playing: boolean;
  onSeek?: (seconds: number) => void;
}

/** Spec §2: sub-tabs Full Transcript (default) and Formatted. */
export function TranscriptTab({ lines, formatted, processing, time, playing, onSeek }: TranscriptTabProps) {
  const [view, setView] = useState("full");
  const [query, setQuery] = useState("");
  const [current, setCurrent] = useState(0);

  const matches = useMemo(() => findMatches(lines, query), [lines, query]);
  const activeMatch = matches.length === 0 ? -1 : Math.min(current, matches.length - 1);
  const formattedLines = useMemo(() => (formatted?.trim() ? linesFromText(formatted) : null), [formatted]);

  if (lines.length === 0)
    return <EmptyState processing={processing} what="transcript" empty="No transcript available." />;

  return (
    <Tabs value={view} onValueChange={setView}>
      <TabsList label="Transcript view">
        <TabsTrigger value="full">Full Transcript</TabsTrigger>
        <TabsTrigger value="formatted">Formatted</TabsTrigger>
      </TabsList>
      <TabsContent value="full" className="space-y-3">
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
          label="Full transcript"
          lines={lines}
          activeIndex={activeLineIndex(lines, time)}
          follow={playing}
          onSeek={onSeek}
          matches={matches}
          activeMatch={activeMatch}
        />
      </TabsContent>
      <TabsContent value="formatted" className="space-y-3">
        {formattedLines ? (
          <TranscriptLines
            label="Formatted transcript"
            lines={formattedLines}
            activeIndex={activeLineIndex(formattedLines, time)}
            follow={playing}
            onSeek={onSeek}
          />
        ) : (
          <>
            <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
              Formatted transcript not available. Viewing the full transcript instead.
            </p>
            <TranscriptLines
              label="Full transcript"
              lines={lines}
              activeIndex={activeLineIndex(lines, time)}
              follow={playing}
              onSeek={onSeek}
            />
          </>
        )}
      </TabsContent>
    </Tabs>
  );
}

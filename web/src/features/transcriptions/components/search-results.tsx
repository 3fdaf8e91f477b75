import { Link } from "@tanstack/react-router";
import type { SearchHit, SearchPage, SnippetPart } from "@verbatim/shared/search";
import { Card } from "@/components/ui/card";
import { formatClock } from "@/lib/format";

function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <span dir="auto">
      {parts.map((part, i) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered.
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-foreground dark:bg-amber-700">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={i}>{part.text}</span>
        ),
      )}
    </span>
  );
}

function where(hit: SearchHit) {
  if (hit.field === "title") return "Title";
  if (hit.field === "summary") return "Summary";
  const at = hit.start === null ? "" : `[${formatClock(hit.start)}]`;
  return hit.speaker ? `${at} ${hit.speaker}:`.trim() : at || "Transcript";
}

/** The transcriptions that match, each with its best hits; a transcript hit opens the recording at its time. */
export function SearchResults({ page, offline }: { page: SearchPage; offline: boolean }) {
  const count = `${page.total} ${page.total === 1 ? "transcription matches" : "transcriptions match"}`;
  return (
    <section aria-label="Search results" className="space-y-3">
      <p role="status" className="text-sm text-muted-foreground">
        {page.total === 0 ? `Nothing matches “${page.query}”.` : `${count} “${page.query}”.`}
        {offline && " Searched on this device (you're offline)."}
      </p>
      <ul className="space-y-3">
        {page.results.map((result) => (
          <li key={result.id}>
            <Card className="space-y-2 p-4" data-testid="search-result">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link
                  to="/transcription/$id"
                  params={{ id: result.id }}
                  className="font-semibold break-words hover:underline"
                >
                  {result.title}
                </Link>
                <span className="text-xs text-muted-foreground">
                  {result.hitCount} {result.hitCount === 1 ? "match" : "matches"}
                </span>
              </div>
              <ul className="space-y-1">
                {result.hits.map((hit, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: hits are ranked and shown in that order.
                  <li key={i}>
                    <Link
                      to="/transcription/$id"
                      params={{ id: result.id }}
                      search={hit.start === null ? {} : { t: hit.start }}
                      className="flex gap-2 rounded-md px-2 py-1 text-sm hover:bg-muted"
                      aria-label={`${result.title}, ${where(hit)} ${hit.snippet.map((p) => p.text).join("")}`}
                    >
                      <span className="shrink-0 font-mono text-xs text-primary tabular-nums">{where(hit)}</span>
                      <Snippet parts={hit.snippet} />
                    </Link>
                  </li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

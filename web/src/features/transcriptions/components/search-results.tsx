import { Link } from "@tanstack/react-router";
import type { SearchHit, SearchPage, SnippetPart } from "@verbatim/shared/search";
import { useTranslations } from "use-intl";
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

function where(hit: SearchHit, t: ReturnType<typeof useTranslations<"transcriptions.search">>) {
  if (hit.field === "title") return t("fieldTitle");
  if (hit.field === "summary") return t("fieldSummary");
  const at = hit.start === null ? "" : `[${formatClock(hit.start)}]`;
  return hit.speaker ? `${at} ${hit.speaker}:`.trim() : at || t("fieldTranscript");
}

/** The transcriptions that match, each with its best hits; a transcript hit opens the recording at its time. */
export function SearchResults({ page, offline }: { page: SearchPage; offline: boolean }) {
  const t = useTranslations("transcriptions.search");
  return (
    <section aria-label={t("results")} className="space-y-3">
      <p role="status" className="text-sm text-muted-foreground">
        {page.total === 0 ? t("nothing", { query: page.query }) : t("found", { count: page.total, query: page.query })}
        {offline && ` ${t("offline")}`}
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
                <span className="text-xs text-muted-foreground">{t("hits", { count: result.hitCount })}</span>
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
                      aria-label={`${result.title}, ${where(hit, t)} ${hit.snippet.map((p) => p.text).join("")}`}
                    >
                      <span className="shrink-0 font-mono text-xs text-primary tabular-nums">{where(hit, t)}</span>
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

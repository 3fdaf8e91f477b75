import type { EnhancedKeyPoint, SummaryAnalysis, TranscriptionDetails } from "@verbatim/shared/analysis";
import { parseMarker } from "@verbatim/shared/time-marker";
import type { Speaker } from "@verbatim/shared/transcript";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";
import type { SpeakerStats } from "../lib/speaker-stats";
import { EmptyState } from "./empty-state";
import { SpeakerTalkTime } from "./speaker-talk-time";

function Paragraphs({ text }: { text: string }) {
  return (
    <div className="space-y-3 text-sm leading-relaxed">
      {text
        .split(/\n{2,}|\r?\n/)
        .filter((p) => p.trim())
        .map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered.
          <p key={i}>{p}</p>
        ))}
    </div>
  );
}

export function SummaryTab({
  summary,
  detailed,
  processing,
}: {
  summary: string | null;
  detailed: string | null;
  processing: boolean;
}) {
  const t = useTranslations("detail.analysis");
  if (!summary?.trim()) return <EmptyState processing={processing} kind="summary" />;
  return (
    <div className="space-y-6">
      <Paragraphs text={summary} />
      {detailed?.trim() && (
        <section className="space-y-2">
          <h3 className="font-semibold">{t("detailedSummary")}</h3>
          <Paragraphs text={detailed} />
        </section>
      )}
    </div>
  );
}

/** Each kind's badge colour; its name is detail.analysis.kinds.<kind>. */
const KIND_TONE: Record<EnhancedKeyPoint["kind"], "green" | "blue" | "neutral"> = {
  decision: "green",
  action: "blue",
  point: "neutral",
};

interface KeyPointsTabProps {
  keyPoints: string[] | null;
  /** The same points anchored to the transcript, when the analysis produced them. */
  enhanced: EnhancedKeyPoint[] | null;
  processing: boolean;
  onSeek?: (seconds: number) => void;
}

export function KeyPointsTab({ keyPoints, enhanced, processing, onSeek }: KeyPointsTabProps) {
  const t = useTranslations("detail.analysis");
  if (enhanced && enhanced.length > 0) {
    return (
      <ul className="space-y-3">
        {enhanced.map((point, i) => {
          const at = parseMarker(`[${point.timestamp}]`)?.seconds ?? null;
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: static list.
              key={i}
              className="flex flex-col gap-1 rounded-md border p-3 text-sm sm:flex-row sm:items-start sm:gap-3"
            >
              <Badge tone={KIND_TONE[point.kind]} className="w-fit">
                {t(`kinds.${point.kind}`)}
              </Badge>
              <span dir="auto" className="flex-1">
                {point.text}
              </span>
              {at !== null && onSeek && (
                <button
                  type="button"
                  onClick={() => onSeek(at)}
                  aria-label={
                    point.speaker
                      ? t("playFromSpeaker", { time: point.timestamp, speaker: point.speaker })
                      : t("playFrom", { time: point.timestamp })
                  }
                  className="w-fit rounded font-mono text-xs text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  [{point.timestamp}]{point.speaker ? ` ${point.speaker}` : ""}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    );
  }
  if (!keyPoints || keyPoints.length === 0) {
    return <EmptyState processing={processing} kind="keyPoints" />;
  }
  return (
    <ul className="list-disc space-y-2 pl-5 text-sm leading-relaxed">
      {keyPoints.map((point, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static list.
        <li key={i}>{point}</li>
      ))}
    </ul>
  );
}

export function AnalysisTab({ analysis, processing }: { analysis: SummaryAnalysis | null; processing: boolean }) {
  const t = useTranslations("detail.analysis");
  if (!analysis) return <EmptyState processing={processing} kind="analysis" />;
  return (
    <div className="space-y-6 text-sm">
      {analysis.overview && (
        <section className="space-y-2">
          <h3 className="font-semibold">{t("overview")}</h3>
          <p className="leading-relaxed">{analysis.overview}</p>
        </section>
      )}
      <dl className="grid gap-4 sm:grid-cols-3">
        {(
          [
            [t("duration"), analysis.duration],
            [t("tone"), analysis.tone],
            [t("speakers"), analysis.speakers],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-md border p-3">
            <dt className="text-xs text-muted-foreground uppercase">{label}</dt>
            <dd className="mt-1 font-medium">{value || "—"}</dd>
          </div>
        ))}
      </dl>
      {analysis.topics.length > 0 && (
        <section className="space-y-2">
          <h3 className="font-semibold">{t("topics")}</h3>
          <ul className="flex flex-wrap gap-2">
            {analysis.topics.map((topic) => (
              <li key={topic}>
                <Badge tone="blue">{topic}</Badge>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function DetailsTab({
  details,
  processing,
  talk,
}: {
  details: TranscriptionDetails | null;
  processing: boolean;
  /** Talk time and turns from the timed transcript (empty when it has no speakers). */
  talk: { stats: SpeakerStats[]; speakers: Speaker[] };
}) {
  const t = useTranslations("detail.analysis");
  const empty =
    !details ||
    (details.topics.length === 0 &&
      details.entities.length === 0 &&
      details.questions.length === 0 &&
      details.actionItems.length === 0);
  if ((!details || empty) && talk.stats.length === 0) return <EmptyState processing={processing} kind="details" />;
  return (
    <div className="space-y-8 text-sm">
      {talk.stats.length > 0 && <SpeakerTalkTime stats={talk.stats} speakers={talk.speakers} />}
      {details && details.topics.length > 0 && (
        <section className="space-y-3">
          <h3 className="font-semibold">{t("topics")}</h3>
          <div className="grid gap-3 md:grid-cols-2">
            {details.topics.map((topic) => (
              <div key={topic.name} className="rounded-md border p-3">
                <h4 className="font-medium">{topic.name}</h4>
                <p className="mt-1 text-muted-foreground">{topic.description}</p>
                {topic.keyPoints.length > 0 && (
                  <ul className="mt-2 list-disc space-y-1 pl-5">
                    {topic.keyPoints.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
          </div>
        </section>
      )}
      {details && details.entities.length > 0 && (
        <section className="space-y-3">
          <h3 className="font-semibold">{t("entities")}</h3>
          <div className="overflow-x-auto">
            <table className="w-full text-left">
              <thead className="text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    {t("name")}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t("type")}
                  </th>
                  <th scope="col" className="py-2">
                    {t("mentions")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {details.entities.map((entity) => (
                  <tr key={`${entity.type}:${entity.name}`} className="border-t">
                    <td className="py-2 pr-4 font-medium">{entity.name}</td>
                    <td className="py-2 pr-4 capitalize">{entity.type}</td>
                    <td className="py-2 tabular-nums">{entity.mentions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {details && details.questions.length > 0 && (
        <section className="space-y-2">
          <h3 className="font-semibold">{t("questions")}</h3>
          <ul className="list-disc space-y-1 pl-5">
            {details.questions.map((q) => (
              <li key={q}>{q}</li>
            ))}
          </ul>
        </section>
      )}
      {details && details.actionItems.length > 0 && (
        <section className="space-y-2">
          <h3 className="font-semibold">{t("actionItems")}</h3>
          <ul className="list-disc space-y-1 pl-5">
            {details.actionItems.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

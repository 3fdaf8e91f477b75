import type { Trace } from "@verbatim/shared/transcription";
import { useTranslations } from "use-intl";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { StatusBadge } from "@/entities/transcription/status-badge";
import { useDateTimeFormat } from "@/entities/user/use-user-time";
import { formatNumber } from "@/lib/format";

/** Live status of a running job — progress, log lines, status, created time, text length. */
export function ProcessingStatus({ trace, error }: { trace: Trace | undefined; error: boolean }) {
  const t = useTranslations("detail.processing");
  const when = useDateTimeFormat();
  return (
    <Card data-testid="processing-status">
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="text-base">
          {t("title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {error && <p className="text-destructive">{t("traceFailed")}</p>}
        {trace && (
          <>
            <div className="flex items-center justify-between gap-3">
              <StatusBadge status={trace.transcription.status} />
              <span className="tabular-nums">
                {t("percent", { value: trace.transcription.progressPercentage / 100 })}
              </span>
            </div>
            <Progress value={trace.transcription.progressPercentage} label={t("progress")} />
            <dl className="grid gap-2 sm:grid-cols-2">
              <div>
                <dt className="text-xs text-muted-foreground">{t("created")}</dt>
                <dd>{when.dateTime(trace.transcription.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t("textLength")}</dt>
                <dd>
                  {trace.hasText
                    ? t("characters", { count: trace.textLength, shown: formatNumber(trace.textLength) })
                    : t("noText")}
                </dd>
              </div>
            </dl>
            {trace.logs.length > 0 && (
              <section aria-label={t("log")}>
                <pre
                  // Focusable so keyboard users can scroll it.
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
                  tabIndex={0}
                  className="max-h-48 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap"
                >
                  {trace.logs.join("\n")}
                </pre>
              </section>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

import type { TranscriptionStatus } from "@verbatim/shared/transcription";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";

/** Badge labels and colours; a value outside the known set shows raw. */
export function StatusBadge({ status, progress }: { status: TranscriptionStatus | string; progress?: number | null }) {
  const t = useTranslations("status");
  switch (status) {
    case "COMPLETED":
      return <Badge tone="green">{t("completed")}</Badge>;
    case "COMPLETED_WITH_ERRORS":
      return <Badge tone="teal">{t("completedWithErrors")}</Badge>;
    case "PROCESSING":
      return (
        <Badge tone="blue">
          <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-current" />
          {t("processing")}
          {progress != null && (
            <>
              <span aria-hidden="true" className="h-1 w-8 overflow-hidden rounded-full bg-current/20">
                <span className="block h-full bg-current" style={{ width: `${progress}%` }} />
              </span>
              <span className="tabular-nums">{t("percent", { value: progress / 100 })}</span>
            </>
          )}
        </Badge>
      );
    case "PENDING":
      return <Badge tone="amber">{t("pending")}</Badge>;
    case "FAILED":
      return <Badge tone="red">{t("failed")}</Badge>;
    default:
      return <Badge>{status}</Badge>;
  }
}

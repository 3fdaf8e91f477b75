import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { formatBytes } from "@/lib/format";
import type { UnfinishedUpload } from "../hooks/use-interrupted-uploads";

interface InterruptedUploadsProps {
  rows: UnfinishedUpload[];
  online: boolean;
  onContinue: (row: UnfinishedUpload) => void;
  onDiscard: (row: UnfinishedUpload) => void;
}

function progress(row: UnfinishedUpload, t: ReturnType<typeof useTranslations<"upload.interrupted">>) {
  const sent =
    row.of === null
      ? t("sent", { sent: formatBytes(row.sent) })
      : t("sentOf", { sent: formatBytes(row.sent), total: formatBytes(row.of) });
  return row.kind === "compressed" ? t("compressed", { sent }) : sent;
}

/** Uploads cut short by a reload or a closed tab, with how much the server already holds of each. */
export function InterruptedUploads({ rows, online, onContinue, onDiscard }: InterruptedUploadsProps) {
  const t = useTranslations("upload.interrupted");
  if (rows.length === 0) return null;
  return (
    <section
      aria-labelledby="interrupted-uploads"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950"
    >
      <h2 id="interrupted-uploads" className="font-medium text-amber-900 dark:text-amber-200">
        {t("title")}
      </h2>
      <p className="text-amber-900 dark:text-amber-200">
        {rows.some((row) => row.kind === "compressed") ? t("hintCompressed") : t("hint")}
      </p>
      <ul className="mt-2 space-y-1">
        {rows.map((row) => (
          <li key={row.key} className="flex flex-wrap items-center gap-x-2">
            <span className="min-w-0 flex-1 truncate font-medium">{row.fileName}</span>
            <span className="shrink-0 text-muted-foreground">{formatBytes(row.size)}</span>
            <span className="basis-full text-amber-900 sm:order-last dark:text-amber-200">{progress(row, t)}</span>
            {row.kind === "compressed" && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={!online}
                onClick={() => onContinue(row)}
                aria-label={t("continueLabel", { name: row.fileName })}
              >
                {t("continue")}
              </Button>
            )}
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => onDiscard(row)}
              aria-label={t("discardLabel", { name: row.fileName })}
            >
              {t("discard")}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Link } from "@tanstack/react-router";
import type { Transcription } from "@verbatim/shared/transcription";
import { useTranslations } from "use-intl";
import { DownloadIcon, EyeIcon, PencilIcon, TrashIcon } from "@/components/layout/icons";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Progress } from "@/components/ui/progress";
import { isViewable } from "@/entities/transcription/status";
import { StatusBadge } from "@/entities/transcription/status-badge";
import { TaskBadge } from "@/entities/transcription/task-badge";
import { useDateTimeFormat } from "@/entities/user/use-user-time";

interface TranscriptionCardProps {
  transcription: Transcription;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onDownload: () => void;
  /** Absent when the caller's role does not allow it: no button. */
  onRename?: () => void;
  onDelete?: () => void;
  /** A change made to it offline waits to be sent. */
  waitingToSync?: boolean;
}

export function TranscriptionCard({
  transcription: item,
  selected,
  onSelectedChange,
  onDownload,
  onRename,
  onDelete,
  waitingToSync = false,
}: TranscriptionCardProps) {
  const t = useTranslations("transcriptions.card");
  const when = useDateTimeFormat();
  const title = item.name || item.file_name;
  const viewable = isViewable(item.status);
  const hasText = Boolean(item.text);
  const running = item.status === "PROCESSING" || item.status === "REPROCESSING";
  // The spec's "50 when absent" fallback is gone: the API always sends progress_percentage (0–100).
  const progress = item.progress_percentage;

  return (
    <Card className="flex flex-col gap-4 p-4 md:p-5" data-testid="transcription-card">
      <div className="flex items-start gap-3">
        {viewable && hasText && (
          <Checkbox
            className="mt-1"
            checked={selected}
            onChange={(e) => onSelectedChange(e.target.checked)}
            aria-label={t("select", { title })}
          />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-semibold" title={title}>
              {title}
            </h3>
            <StatusBadge
              status={item.status}
              progress={item.status === "PROCESSING" ? item.progress_percentage : null}
            />
            <TaskBadge task={item.task} />
            {waitingToSync && (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                {t("waitingToSync")}
              </span>
            )}
          </div>
          {item.name && item.name !== item.file_name && (
            <p className="truncate text-sm text-muted-foreground">{item.file_name}</p>
          )}
          <p className="mt-1 text-sm text-muted-foreground">
            {t("uploadedOn", { date: when.dateTime(item.created_at) })}
          </p>
          <p className="text-sm text-muted-foreground">{t("type", { type: item.file_type })}</p>
          {item.status === "FAILED" && item.error_message && (
            <p className="mt-1 text-sm text-destructive">{item.error_message}</p>
          )}
        </div>
      </div>

      {running && (
        <div className="space-y-1.5">
          <div className="flex justify-between text-sm">
            <span>{item.status === "REPROCESSING" ? t("reprocessing") : t("transcribing")}</span>
            <span className="tabular-nums">{t("percent", { value: progress / 100 })}</span>
          </div>
          <Progress value={progress} label={t("progress", { title })} />
        </div>
      )}

      <div className="grid grid-cols-2 gap-2 md:flex md:flex-wrap">
        {viewable && (
          <Link
            to="/transcription/$id"
            params={{ id: item.id }}
            className={buttonVariants({ size: "sm" })}
            aria-label={t("viewLabel", { title })}
          >
            <EyeIcon />
            {t("view")}
          </Link>
        )}
        {viewable && (
          <Button
            size="sm"
            variant="outline"
            disabled={!hasText}
            onClick={onDownload}
            aria-label={t("downloadLabel", { title })}
          >
            <DownloadIcon />
            {t("download")}
          </Button>
        )}
        {onRename && (
          <Button size="sm" variant="outline" onClick={onRename} aria-label={t("renameLabel", { title })}>
            <PencilIcon />
            {t("rename")}
          </Button>
        )}
        {onDelete && (
          <Button
            size="sm"
            variant="outline"
            className="text-destructive hover:text-destructive"
            onClick={onDelete}
            aria-label={t("deleteLabel", { title })}
          >
            <TrashIcon />
            {t("delete")}
          </Button>
        )}
      </div>
    </Card>
  );
}

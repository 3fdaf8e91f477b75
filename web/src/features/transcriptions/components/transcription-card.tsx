import { Link } from "@tanstack/react-router";
import type { Transcription } from "@verbatim/shared/transcription";
import { DownloadIcon, EyeIcon, PencilIcon, TrashIcon } from "@/components/layout/icons";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Progress } from "@/components/ui/progress";
import { isViewable } from "@/entities/transcription/status";
import { StatusBadge } from "@/entities/transcription/status-badge";
import { formatUploadedOn } from "@/lib/format";

interface TranscriptionCardProps {
  transcription: Transcription;
  timeZone: string;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onDownload: () => void;
  onRename: () => void;
  onDelete: () => void;
  /** A change made to it offline waits to be sent. */
  waitingToSync?: boolean;
}

export function TranscriptionCard({
  transcription: t,
  timeZone,
  selected,
  onSelectedChange,
  onDownload,
  onRename,
  onDelete,
  waitingToSync = false,
}: TranscriptionCardProps) {
  const title = t.name || t.file_name;
  const viewable = isViewable(t.status);
  const hasText = Boolean(t.text);
  const running = t.status === "PROCESSING" || t.status === "REPROCESSING";
  // The spec's "50 when absent" fallback is gone: the API always sends progress_percentage (0–100).
  const progress = t.progress_percentage;

  return (
    <Card className="flex flex-col gap-4 p-4 md:p-5" data-testid="transcription-card">
      <div className="flex items-start gap-3">
        {viewable && hasText && (
          <Checkbox
            className="mt-1"
            checked={selected}
            onChange={(e) => onSelectedChange(e.target.checked)}
            aria-label={`Select ${title}`}
          />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-semibold" title={title}>
              {title}
            </h3>
            <StatusBadge status={t.status} progress={t.status === "PROCESSING" ? t.progress_percentage : null} />
            {waitingToSync && (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                Waiting to sync
              </span>
            )}
          </div>
          {t.name && t.name !== t.file_name && <p className="truncate text-sm text-muted-foreground">{t.file_name}</p>}
          <p className="mt-1 text-sm text-muted-foreground">Uploaded on {formatUploadedOn(t.created_at, timeZone)}</p>
          <p className="text-sm text-muted-foreground">Type: {t.file_type}</p>
          {t.status === "FAILED" && t.error_message && (
            <p className="mt-1 text-sm text-destructive">{t.error_message}</p>
          )}
        </div>
      </div>

      {running && (
        <div className="space-y-1.5">
          <div className="flex justify-between text-sm">
            <span>{t.status === "REPROCESSING" ? "Reprocessing..." : "Transcribing..."}</span>
            <span className="tabular-nums">{progress}%</span>
          </div>
          <Progress value={progress} label={`${title} progress`} />
        </div>
      )}

      <div className="grid grid-cols-2 gap-2 md:flex md:flex-wrap">
        {viewable && (
          <Link
            to="/transcription/$id"
            params={{ id: t.id }}
            className={buttonVariants({ size: "sm" })}
            aria-label={`View ${title}`}
          >
            <EyeIcon />
            View
          </Link>
        )}
        {viewable && (
          <Button size="sm" variant="outline" disabled={!hasText} onClick={onDownload} aria-label={`Download ${title}`}>
            <DownloadIcon />
            Download
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onRename} aria-label={`Rename ${title}`}>
          <PencilIcon />
          Rename
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="text-destructive hover:text-destructive"
          onClick={onDelete}
          aria-label={`Delete ${title}`}
        >
          <TrashIcon />
          Delete
        </Button>
      </div>
    </Card>
  );
}

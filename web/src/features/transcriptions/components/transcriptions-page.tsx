import { Link } from "@tanstack/react-router";
import type { Transcription } from "@verbatim/shared/transcription";
import { useMemo, useState } from "react";
import { FileTextIcon, PlusIcon } from "@/components/layout/icons";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { usePendingChanges } from "@/entities/library/hooks/use-pending-changes";
import { exportTranscription, exportTranscriptions, LIST_EXPORT_FORMATS } from "@/entities/transcription/export";
import { ExportDialog } from "@/entities/transcription/export-dialog";
import { isViewable } from "@/entities/transcription/status";
import { useTranscriptions } from "@/entities/transcription/transcriptions-api";
import { useUserTime } from "@/entities/user/use-user-time";
import { useCompletionToasts } from "../hooks/use-completion-toasts";
import { DeleteDialog } from "./delete-dialog";
import { RenameDialog } from "./rename-dialog";
import { TranscriptSearch } from "./search-box";
import { TranscriptionCard } from "./transcription-card";

/** What the export dialog exports: one transcription, or the selection as a ZIP. */
type ExportTarget = { kind: "one"; transcription: Transcription } | { kind: "many"; ids: string[] };

/** /dashboard (and / when signed in): the transcriptions list. */
export function TranscriptionsPage() {
  const { data, isPending, isError, error } = useTranscriptions();
  const pending = usePendingChanges();
  const waiting = new Set(pending.map((p) => p.transcriptionId));
  const { timeZone } = useUserTime();
  useCompletionToasts(data);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [exporting, setExporting] = useState<ExportTarget | null>(null);
  const [renaming, setRenaming] = useState<Transcription | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  // The selection only keeps transcriptions that still exist and can be exported.
  const exportable = useMemo(
    () => new Set((data ?? []).filter((t) => isViewable(t.status) && t.text).map((t) => t.id)),
    [data],
  );
  const selectedIds = [...selected].filter((id) => exportable.has(id));

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Transcriptions</h1>
          <p className="text-sm text-muted-foreground">Your recordings, their transcripts, summaries and key points.</p>
        </div>
        <Link to="/upload" className={buttonVariants({ className: "w-full md:w-auto" })}>
          <PlusIcon />
          New Transcription
        </Link>
      </div>

      <section aria-labelledby="recent-heading" className="space-y-4">
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <div className="flex flex-wrap items-baseline gap-x-3">
            <h2 id="recent-heading" className="text-lg font-semibold">
              Recent Transcriptions
            </h2>
            {pending.length > 0 && (
              <p role="status" data-testid="pending-sync" className="text-sm text-amber-700 dark:text-amber-300">
                {pending.length === 1 ? "1 change" : `${pending.length} changes`} made offline waiting to sync
              </p>
            )}
          </div>
          {exportable.size > 0 && (
            <div className="flex flex-col gap-2 md:flex-row md:items-center" aria-live="polite">
              <span className="text-sm text-muted-foreground">
                {selectedIds.length > 0
                  ? `${selectedIds.length} selected`
                  : "Select transcriptions to export them together"}
              </span>
              {selectedIds.length > 0 && (
                <>
                  <Button size="sm" onClick={() => setExporting({ kind: "many", ids: selectedIds })}>
                    Export selected
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                    Clear selection
                  </Button>
                </>
              )}
            </div>
          )}
        </div>

        <TranscriptSearch>
          {isPending ? (
            <PageSpinner label="Loading transcriptions" />
          ) : isError && !data ? (
            <Card role="alert" className="border-destructive/50 p-6">
              <p className="font-semibold text-destructive">Error loading transcriptions</p>
              <p className="mt-1 text-sm text-muted-foreground">{error?.message || "An unknown error occurred"}</p>
            </Card>
          ) : data.length === 0 ? (
            <Card className="flex flex-col items-center gap-3 p-10 text-center">
              <FileTextIcon className="size-10 text-muted-foreground" />
              <h3 className="text-lg font-semibold">No transcriptions yet</h3>
              <p className="text-sm text-muted-foreground">Get started by uploading an audio or video file.</p>
              <Link to="/upload" className={buttonVariants()}>
                <PlusIcon />
                New Transcription
              </Link>
            </Card>
          ) : (
            <ul className="grid gap-4 lg:grid-cols-2">
              {data.map((t) => (
                <li key={t.id}>
                  <TranscriptionCard
                    transcription={t}
                    timeZone={timeZone}
                    selected={selected.has(t.id)}
                    onSelectedChange={(on) => toggle(t.id, on)}
                    onDownload={() => setExporting({ kind: "one", transcription: t })}
                    onRename={() => setRenaming(t)}
                    onDelete={() => setDeleting(t.id)}
                    waitingToSync={waiting.has(t.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </TranscriptSearch>
      </section>

      <ExportDialog
        open={exporting !== null}
        onOpenChange={(open) => !open && setExporting(null)}
        formats={LIST_EXPORT_FORMATS}
        description={
          exporting?.kind === "many"
            ? `Choose a file format to download ${exporting.ids.length} transcriptions as one ZIP file.`
            : undefined
        }
        onExport={async (format) => {
          if (exporting?.kind === "one") await exportTranscription(exporting.transcription, format);
          else if (exporting?.kind === "many") await exportTranscriptions(exporting.ids, format);
        }}
      />
      <RenameDialog transcription={renaming} onOpenChange={(open) => !open && setRenaming(null)} />
      <DeleteDialog transcriptionId={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}

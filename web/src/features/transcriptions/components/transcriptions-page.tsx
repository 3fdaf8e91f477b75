import { Link } from "@tanstack/react-router";
import type { Transcription } from "@verbatim/shared/transcription";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { FileTextIcon, PlusIcon } from "@/components/layout/icons";
import { DashboardHeading } from "@/components/layout/pending-page";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { usePendingChanges } from "@/entities/library/hooks/use-pending-changes";
import { exportTranscription, exportTranscriptions } from "@/entities/transcription/export";
import { ExportDialog } from "@/entities/transcription/export-dialog";
import { isViewable } from "@/entities/transcription/status";
import { useTranscriptions } from "@/entities/transcription/transcriptions-api";
import { useRights } from "@/entities/workspace/rights";
import { useCompletionToasts } from "../hooks/use-completion-toasts";
import { DeleteDialog } from "./delete-dialog";
import { LibraryAsk } from "./library-ask";
import { RenameDialog } from "./rename-dialog";
import { TranscriptSearch } from "./search-box";
import { TranscriptionCard } from "./transcription-card";

/** What the export dialog exports: one transcription, or the selection as a ZIP. */
type ExportTarget = { kind: "one"; transcription: Transcription } | { kind: "many"; ids: string[] };

/**
 * /dashboard (and / when signed in): the transcriptions list. `uploads` is what the route puts under the heading: the
 * files waiting to be sent or refused (the upload feature's, which this feature cannot import).
 */
export function TranscriptionsPage({ uploads }: { uploads?: ReactNode }) {
  const t = useTranslations("transcriptions.page");
  const { data, isPending, isError, error } = useTranscriptions();
  const may = useRights();
  const pending = usePendingChanges();
  const waiting = new Set(pending.map((p) => p.transcriptionId));
  useCompletionToasts(data);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [exporting, setExporting] = useState<ExportTarget | null>(null);
  const [renaming, setRenaming] = useState<Transcription | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  // The selection only keeps transcriptions that still exist and can be exported.
  const exportable = useMemo(
    () => new Set((data ?? []).filter((item) => isViewable(item.status) && item.text).map((item) => item.id)),
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
    // A screen high at least, as while the session loads (pending-page.tsx): the footer stays below the fold, rather
    // than move into view when a short list comes.
    <div className="min-h-dvh space-y-6">
      {/* Drawn the same while the session loads, and in the page's HTML (pending-page.tsx). */}
      <DashboardHeading />

      {uploads}

      {/* Drawn while the list loads, so it does not push the list down when the list comes. */}
      {data?.length !== 0 && <LibraryAsk />}

      <section aria-labelledby="recent-heading" className="space-y-4">
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <div className="flex flex-wrap items-baseline gap-x-3">
            <h2 id="recent-heading" className="text-lg font-semibold">
              {t("recent")}
            </h2>
            {pending.length > 0 && (
              <p role="status" data-testid="pending-sync" className="text-sm text-amber-700 dark:text-amber-300">
                {t("pendingSync", { count: pending.length })}
              </p>
            )}
          </div>
          {exportable.size > 0 && (
            <div className="flex flex-col gap-2 md:flex-row md:items-center" aria-live="polite">
              <span className="text-sm text-muted-foreground">
                {selectedIds.length > 0 ? t("selected", { count: selectedIds.length }) : t("selectHint")}
              </span>
              {selectedIds.length > 0 && (
                <>
                  <Button size="sm" onClick={() => setExporting({ kind: "many", ids: selectedIds })}>
                    {t("exportSelected")}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                    {t("clearSelection")}
                  </Button>
                </>
              )}
            </div>
          )}
        </div>

        <TranscriptSearch>
          {isPending ? (
            <PageSpinner label={t("loading")} />
          ) : isError && !data ? (
            <Card role="alert" className="border-destructive/50 p-6">
              <p className="font-semibold text-destructive">{t("loadFailed")}</p>
              <p className="mt-1 text-sm text-muted-foreground">{error?.message || t("unknownError")}</p>
            </Card>
          ) : data.length === 0 ? (
            <Card className="flex flex-col items-center gap-3 p-10 text-center">
              <FileTextIcon className="size-10 text-muted-foreground" />
              <h3 className="text-lg font-semibold">{t("empty")}</h3>
              <p className="text-sm text-muted-foreground">{t("emptyHint")}</p>
              <Link to="/upload" className={buttonVariants()}>
                <PlusIcon />
                {t("new")}
              </Link>
            </Card>
          ) : (
            <ul className="grid gap-4 lg:grid-cols-2">
              {data.map((item) => (
                <li key={item.id}>
                  <TranscriptionCard
                    transcription={item}
                    selected={selected.has(item.id)}
                    onSelectedChange={(on) => toggle(item.id, on)}
                    onDownload={() => setExporting({ kind: "one", transcription: item })}
                    onRename={may(item, "edit") ? () => setRenaming(item) : undefined}
                    onDelete={may(item, "delete") ? () => setDeleting(item.id) : undefined}
                    waitingToSync={waiting.has(item.id)}
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
        description={exporting?.kind === "many" ? t("exportMany", { count: exporting.ids.length }) : undefined}
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

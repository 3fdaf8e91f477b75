import { isActive, type Transcription } from "@verbatim/shared/transcription";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { userMessage } from "@/lib/api";
import { useReanalyze, useReprocess } from "../api/run-api";
import { ReprocessDialog } from "./reprocess-dialog";

/**
 * The detail page's ways to run a finished transcription again: "Try again" after a failure, "Re-run analysis"
 * after a partial failure, and "Reprocess…" (with speaker recognition) for any finished one.
 */
export function RunActions({ transcription: item, online }: { transcription: Transcription; online: boolean }) {
  const t = useTranslations("detail.run");
  const reprocess = useReprocess();
  const reanalyze = useReanalyze();
  const [dialogOpen, setDialogOpen] = useState(false);
  if (isActive(item.status)) return null;

  const failed = (title: string) => (error: unknown) =>
    toast({ variant: "destructive", title, description: userMessage(error, t("tryAgainBody")) });
  const started = (title: string) => () => toast({ title, description: t("startedBody") });
  const busy = reprocess.isPending || reanalyze.isPending || !online;

  return (
    <>
      {item.status === "FAILED" && (
        <Button
          disabled={busy}
          onClick={() =>
            reprocess.mutate(
              { id: item.id },
              { onSuccess: started(t("transcribingAgain")), onError: failed(t("startFailed")) },
            )
          }
        >
          {reprocess.isPending && !dialogOpen && <ButtonSpinner />}
          {t("tryAgain")}
        </Button>
      )}
      {item.status === "COMPLETED_WITH_ERRORS" && (
        <Button
          disabled={busy}
          onClick={() =>
            reanalyze.mutate(item.id, {
              onSuccess: started(t("analysingAgain")),
              onError: failed(t("reanalyzeFailed")),
            })
          }
        >
          {reanalyze.isPending && <ButtonSpinner />}
          {t("reanalyze")}
        </Button>
      )}
      <Button variant="outline" disabled={busy} onClick={() => setDialogOpen(true)}>
        {t("reprocess")}
      </Button>
      {dialogOpen && (
        <ReprocessDialog
          transcription={item}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          pending={reprocess.isPending}
          onReprocess={(options) =>
            reprocess.mutate(
              { id: item.id, options },
              {
                onSuccess: () => {
                  setDialogOpen(false);
                  started(t("transcribingAgain"))();
                },
                onError: failed(t("reprocessFailed")),
              },
            )
          }
        />
      )}
    </>
  );
}

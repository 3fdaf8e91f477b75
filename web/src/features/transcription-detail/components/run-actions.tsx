import { isActive, type Transcription } from "@verbatim/shared/transcription";
import { useState } from "react";
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
export function RunActions({ transcription: t, online }: { transcription: Transcription; online: boolean }) {
  const reprocess = useReprocess();
  const reanalyze = useReanalyze();
  const [dialogOpen, setDialogOpen] = useState(false);
  if (isActive(t.status)) return null;

  const failed = (title: string) => (error: unknown) =>
    toast({ variant: "destructive", title, description: userMessage(error, "Please try again.") });
  const started = (title: string) => () => toast({ title, description: "The page updates as it runs." });
  const busy = reprocess.isPending || reanalyze.isPending || !online;

  return (
    <>
      {t.status === "FAILED" && (
        <Button
          disabled={busy}
          onClick={() =>
            reprocess.mutate(
              { id: t.id },
              { onSuccess: started("Transcribing again"), onError: failed("Could not start again") },
            )
          }
        >
          {reprocess.isPending && !dialogOpen && <ButtonSpinner />}
          Try again
        </Button>
      )}
      {t.status === "COMPLETED_WITH_ERRORS" && (
        <Button
          disabled={busy}
          onClick={() =>
            reanalyze.mutate(t.id, {
              onSuccess: started("Analysing again"),
              onError: failed("Could not re-run the analysis"),
            })
          }
        >
          {reanalyze.isPending && <ButtonSpinner />}
          Re-run analysis
        </Button>
      )}
      <Button variant="outline" disabled={busy} onClick={() => setDialogOpen(true)}>
        Reprocess…
      </Button>
      {dialogOpen && (
        <ReprocessDialog
          transcription={t}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          pending={reprocess.isPending}
          onReprocess={(options) =>
            reprocess.mutate(
              { id: t.id, options },
              {
                onSuccess: () => {
                  setDialogOpen(false);
                  started("Transcribing again")();
                },
                onError: failed("Could not reprocess"),
              },
            )
          }
        />
      )}
    </>
  );
}

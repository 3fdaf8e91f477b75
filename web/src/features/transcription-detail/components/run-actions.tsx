import { isActive, type Transcription } from "@verbatim/shared/transcription";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { LinkedText } from "@/components/ui/linked-text";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useSpacePlan } from "@/entities/workspace/space-plan";
import { userMessage } from "@/lib/api";
import { useReanalyze, useReprocess } from "../api/run-api";
import { ReprocessDialog } from "./reprocess-dialog";
import { type Run, RunDialog } from "./run-dialog";

/**
 * The detail page's ways to run a finished transcription again: "Try again" after a failure, "Re-run analysis"
 * after a partial failure, and "Reprocess…" (with speaker recognition) for any finished one. Both ways that run
 * recognition again ask first where the plan counts them, and say so.
 */
export function RunActions({ transcription: item, online }: { transcription: Transcription; online: boolean }) {
  const t = useTranslations("detail.run");
  const reprocess = useReprocess();
  const reanalyze = useReanalyze();
  const [dialog, setDialog] = useState<Run | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  // A run counts against the space the transcription is in: a team's on its owner's plan, as the server counts it.
  const usage = useSpacePlan(item.workspace_id ?? null)?.usage;
  if (isActive(item.status)) return null;

  const failed = (title: string) => (error: unknown) =>
    toast({
      variant: "destructive",
      title,
      description: <LinkedText text={userMessage(error, t("tryAgainBody"))} />,
    });
  const openDialog = (run: Run | null) => {
    setDialogError(null);
    setDialog(run);
  };
  const started = (title: string) => () => toast({ title, description: t("startedBody") });
  const busy = reprocess.isPending || reanalyze.isPending || !online;

  /** Transcribes again from the dialog: it closes once the run started, and says why otherwise. */
  const runFromDialog = (options: Parameters<typeof reprocess.mutate>[0]["options"]) => {
    setDialogError(null);
    reprocess.mutate(
      { id: item.id, options },
      {
        onSuccess: () => {
          setDialog(null);
          started(t("transcribingAgain"))();
        },
        onError: (error) => setDialogError(userMessage(error, t("tryAgainBody"))),
      },
    );
  };
  // Only a plan known to be unlimited tries again without asking: on any other, it costs a transcription.
  const tryAgain = () =>
    usage?.limit === null
      ? reprocess.mutate(
          { id: item.id },
          { onSuccess: started(t("transcribingAgain")), onError: failed(t("startFailed")) },
        )
      : openDialog("retry");

  return (
    <>
      {item.status === "FAILED" && (
        <Button disabled={busy} onClick={tryAgain}>
          {reprocess.isPending && dialog === null && <ButtonSpinner />}
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
      <Button variant="outline" disabled={busy} onClick={() => openDialog("reprocess")}>
        {t("reprocess")}
      </Button>
      {dialog === "retry" && (
        <RunDialog
          run="retry"
          open
          onOpenChange={(open) => openDialog(open ? "retry" : null)}
          pending={reprocess.isPending}
          error={dialogError}
          usage={usage}
          onConfirm={() => runFromDialog(undefined)}
        />
      )}
      {dialog === "reprocess" && (
        <ReprocessDialog
          transcription={item}
          open
          onOpenChange={(open) => openDialog(open ? "reprocess" : null)}
          pending={reprocess.isPending}
          error={dialogError}
          usage={usage}
          onReprocess={runFromDialog}
        />
      )}
    </>
  );
}

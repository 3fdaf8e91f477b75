import { isActive, type Transcription } from "@verbatim/shared/transcription";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { LinkedText } from "@/components/ui/linked-text";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useSubscription } from "@/entities/subscription/subscription-api";
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
  const [dialogError, setDialogError] = useState<string | null>(null);
  const usage = useSubscription().data?.usage;
  if (isActive(item.status)) return null;

  const failed = (title: string) => (error: unknown) =>
    toast({
      variant: "destructive",
      title,
      description: <LinkedText text={userMessage(error, t("tryAgainBody"))} />,
    });
  const openDialog = (open: boolean) => {
    setDialogError(null);
    setDialogOpen(open);
  };
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
      <Button variant="outline" disabled={busy} onClick={() => openDialog(true)}>
        {t("reprocess")}
      </Button>
      {dialogOpen && (
        <ReprocessDialog
          transcription={item}
          open={dialogOpen}
          onOpenChange={openDialog}
          pending={reprocess.isPending}
          error={dialogError}
          usage={usage}
          onReprocess={(options) => {
            setDialogError(null);
            reprocess.mutate(
              { id: item.id, options },
              {
                onSuccess: () => {
                  setDialogOpen(false);
                  started(t("transcribingAgain"))();
                },
                // In the dialog, above its backdrop, once: not a toast behind it.
                onError: (error) => setDialogError(userMessage(error, t("tryAgainBody"))),
              },
            );
          }}
        />
      )}
    </>
  );
}

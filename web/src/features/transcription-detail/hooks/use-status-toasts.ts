import { isActive, type Transcription } from "@verbatim/shared/transcription";
import { useEffect } from "react";
import { toast } from "@/components/ui/toast";
import { announceOnce, observeStatus } from "@/entities/transcription/status-watch";
import { translate } from "@/lib/i18n";

/** The detail screen toasts when a running job finishes. */
export function useStatusToasts(t: Transcription | undefined) {
  useEffect(() => {
    if (!t) return;
    const was = observeStatus(t.id, t.status);
    if (!was || !isActive(was)) return;
    if (t.status !== "COMPLETED" && t.status !== "COMPLETED_WITH_ERRORS") return;
    // A job run again (reprocess) finishes again: announced once per run, by its id and last update.
    if (!announceOnce(`${t.id}@${t.updated_at}`)) return;
    const name = t.name || t.file_name;
    if (t.status === "COMPLETED") {
      toast({
        title: translate("transcriptions.complete"),
        description: translate("transcriptions.completeBody", { name }),
      });
    } else if (t.status === "COMPLETED_WITH_ERRORS") {
      toast({
        title: translate("detail.completedWithErrors"),
        description: translate("detail.completedWithErrorsBody", { name }),
      });
    }
  }, [t]);
}

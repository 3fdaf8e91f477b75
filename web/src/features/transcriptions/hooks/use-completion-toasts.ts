import { isActive, type Transcription } from "@verbatim/shared/transcription";
import { useEffect } from "react";
import { toast } from "@/components/ui/toast";
import { announceOnce, observeStatus } from "@/entities/transcription/status-watch";
import { translate } from "@/lib/i18n";

/** The list toasts when a transcription goes from PENDING/PROCESSING/REPROCESSING to COMPLETED, once per transcription. */
export function useCompletionToasts(items: Transcription[] | undefined) {
  useEffect(() => {
    for (const t of items ?? []) {
      const was = observeStatus(t.id, t.status);
      if (was && isActive(was) && t.status === "COMPLETED" && announceOnce(`${t.id}@${t.updated_at}`)) {
        toast({
          title: translate("transcriptions.complete"),
          description: translate("transcriptions.completeBody", { name: t.name || t.file_name }),
        });
      }
    }
  }, [items]);
}

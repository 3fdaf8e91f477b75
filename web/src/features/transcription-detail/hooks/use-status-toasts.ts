import { isActive, type Transcription } from "@verbatim/shared/transcription";
import { useEffect } from "react";
import { toast } from "@/components/ui/toast";
import { observeStatus } from "@/entities/transcription/status-watch";

/** The detail screen toasts when a running job finishes. */
export function useStatusToasts(t: Transcription | undefined) {
  useEffect(() => {
    if (!t) return;
    const was = observeStatus(t.id, t.status);
    if (!was || !isActive(was)) return;
    const name = t.name || t.file_name;
    if (t.status === "COMPLETED") {
      toast({ title: "Transcription complete", description: `${name} has been processed successfully` });
    } else if (t.status === "COMPLETED_WITH_ERRORS") {
      toast({
        title: "Transcription completed with timestamps",
        description: `${name} has been processed with timestamps and minor analysis errors`,
      });
    }
  }, [t]);
}

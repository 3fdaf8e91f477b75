import { transcriptionSchema } from "@verbatim/shared/transcription";
import { useEffect } from "react";
import { useAuth } from "@/entities/session/use-auth";
import { isQueuedUploadFailed, isQueuedUploadSent } from "@/lib/upload-sync";
import { accepted, refusedInBackground } from "../lib/outcome";
import { resumeQueued } from "../lib/upload-manager";
import { findUpload } from "../lib/upload-store";

/**
 * Mounted in the app shell while signed in: files queued offline (in this visit or an earlier one) are sent
 * as soon as the network is back, whichever screen is open, by this page or by the service worker.
 */
export function UploadQueueRunner() {
  const { user } = useAuth();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    const resume = () =>
      void resumeQueued(userId).catch((error) => console.warn("Could not resume queued uploads", error));
    resume();
    addEventListener("online", resume);
    // The service worker sent a queued file (Background Sync): its row here is accepted like any other.
    // Or the server refused it: the row shows why, as it would had this page sent it.
    const sentInBackground = (event: MessageEvent) => {
      const { data } = event;
      if (isQueuedUploadFailed(data)) refusedInBackground(data.key, data.message, data.status);
      if (!isQueuedUploadSent(data) || !findUpload(data.key)) return;
      accepted(data.key, transcriptionSchema.parse(data.transcription));
    };
    navigator.serviceWorker?.addEventListener("message", sentInBackground);
    return () => {
      removeEventListener("online", resume);
      navigator.serviceWorker?.removeEventListener("message", sentInBackground);
    };
  }, [userId]);
  return null;
}

import { useEffect } from "react";
import { useAuth } from "@/entities/session/use-auth";
import { resumeQueued } from "../lib/upload-manager";

/**
 * Mounted in the app shell while signed in: files queued offline (in this visit or an earlier one) are sent
 * as soon as the network is back, whichever screen is open.
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
    return () => removeEventListener("online", resume);
  }, [userId]);
  return null;
}

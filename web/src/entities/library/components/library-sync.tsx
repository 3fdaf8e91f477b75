import { onlineManager, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "@/components/ui/toast";
import { useAuth } from "@/entities/session/use-auth";
import { TRANSCRIPTIONS_KEY } from "@/entities/transcription/transcriptions-api";
import { translate } from "@/lib/i18n";
import { DeviceFullError } from "../quota";
import { reportSentChanges } from "../report-sent";
import { syncLibrary } from "../sync";

/** While the app is open, the library also catches up with changes made on other devices. */
const SYNC_EVERY_MS = 5 * 60 * 1000;
/** Changes seen by this tab (a refetch of the list or of a transcription) are synced after a short pause. */
const AFTER_CHANGE_MS = 500;

/**
 * Keeps the signed-in user's device library in step with the server, sending the changes made offline first:
 * at sign-in and app start, when the connection returns, when the tab comes back into view, every few
 * minutes, and after this tab saw a transcription change. Renders nothing.
 */
export function LibrarySync() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId) return;
    // Asked once signed in: without it the browser may evict the library under storage pressure.
    void navigator.storage?.persist?.().catch(() => false);

    let toldFull = false;
    const sync = () => {
      if (!onlineManager.isOnline()) return;
      syncLibrary(userId).then(
        async ({ sent }) => {
          if (sent.length === 0) return;
          await reportSentChanges(userId, sent);
          // The server's answer to the offline changes is now in the library: the screens read it again.
          await queryClient.invalidateQueries({ queryKey: TRANSCRIPTIONS_KEY });
        },
        (error: unknown) => {
          if (!(error instanceof DeviceFullError) || toldFull) return;
          toldFull = true;
          toast({ variant: "destructive", title: translate("library.deviceFullTitle"), description: error.message });
        },
      );
    };
    let pending: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(pending);
      pending = setTimeout(sync, AFTER_CHANGE_MS);
    };
    const onVisible = () => document.visibilityState === "visible" && sync();
    const unsubscribeOnline = onlineManager.subscribe((online) => online && sync());
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey;
      if (event.type === "updated" && event.action.type === "success" && key[0] === TRANSCRIPTIONS_KEY[0]) soon();
    });
    document.addEventListener("visibilitychange", onVisible);
    const timer = setInterval(sync, SYNC_EVERY_MS);
    sync();
    return () => {
      clearTimeout(pending);
      clearInterval(timer);
      unsubscribeOnline();
      unsubscribeQueries();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [userId, queryClient]);

  return null;
}

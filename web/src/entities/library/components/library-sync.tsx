import { onlineManager, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "@/components/ui/toast";
import { useAuth } from "@/entities/session/use-auth";
import { TRANSCRIPTIONS_KEY } from "@/entities/transcription/transcriptions-api";
import { WORKSPACES_KEY, workspacesQuery } from "@/entities/workspace/workspaces-api";
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
 * minutes, and after this tab saw a transcription or the workspaces list change. Every space the user has is
 * synced; the copies of spaces they no longer have go. Renders nothing.
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
    // The spaces to sync; null when the list cannot be read, so nothing is deleted on a guess.
    const workspaceIds = () =>
      queryClient.fetchQuery(workspacesQuery).then(
        (workspaces) => workspaces.map((w) => w.id),
        () => null,
      );
    const sync = () => {
      if (!onlineManager.isOnline()) return;
      workspaceIds()
        .then((ids) => syncLibrary(userId, undefined, ids))
        .then(
          async ({ sent, gone }) => {
            // The list the sync went by still had a team the server no longer lets in: the switcher reads it again.
            if (gone.length > 0) await queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY, exact: true });
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
      const watched = key[0] === TRANSCRIPTIONS_KEY[0] || key[0] === WORKSPACES_KEY[0];
      if (event.type === "updated" && event.action.type === "success" && watched) soon();
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

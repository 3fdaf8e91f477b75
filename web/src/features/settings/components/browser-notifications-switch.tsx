import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { Switch } from "@/components/ui/switch";
import {
  browserCanPush,
  fetchPushPublicKey,
  subscribeThisBrowser,
  syncThisBrowser,
  unsubscribeThisBrowser,
} from "@/entities/push/browser-push";
import { userMessage } from "@/lib/api";
import { useSavePreferences } from "../api/settings-api";

/** Why the switch cannot be turned on, or why it just stayed off; each has its words in the catalogues. */
type Note = "unsupported" | "unavailable" | "denied" | "dismissed" | "noServiceWorker";

/**
 * Browser notifications are this browser's: on subscribes it with its push service (asking for permission only
 * now), off ends the subscription. Either way the account's preference follows at once, as the permission prompt
 * cannot wait for Save. A server with no VAPID keys, or a browser without Web Push, gets a disabled switch that
 * says why, never one that does nothing.
 */
export function BrowserNotificationsSwitch({
  preference,
  onPreferenceSaved,
}: {
  preference: boolean;
  onPreferenceSaved: (on: boolean) => void;
}) {
  const t = useTranslations("settings.notifications");
  const supported = browserCanPush();
  const publicKey = useQuery({ queryKey: ["/api/push/public-key"], queryFn: fetchPushPublicKey, enabled: supported });
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const [error, setError] = useState<string | null>(null);
  const savePreferences = useSavePreferences();

  useEffect(() => {
    if (!supported) return;
    if (Notification.permission === "denied") setNote("denied");
    if (!publicKey.data) return;
    // A failure here only leaves the switch off; turning it on says what went wrong.
    syncThisBrowser(publicKey.data).then(setSubscribed, () => setSubscribed(false));
  }, [supported, publicKey.data]);

  const unavailable = !supported ? "unsupported" : publicKey.data === null ? "unavailable" : null;
  const shown = unavailable ?? note;
  // The key could not be fetched (offline, the server down): the switch waits, and says why.
  const problem = error ?? (publicKey.isError ? userMessage(publicKey.error, t("browserOnFailed")) : null);

  const change = async (on: boolean) => {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      if (on) {
        const result = await subscribeThisBrowser(publicKey.data ?? "");
        if (result !== "subscribed") {
          setNote(result === "no-service-worker" ? "noServiceWorker" : result);
          return;
        }
      } else {
        await unsubscribeThisBrowser({ tellServer: true });
      }
      setSubscribed(on);
      await savePreferences.mutateAsync({ notifications: { browserNotifications: on } });
      onPreferenceSaved(on);
    } catch (err) {
      setError(userMessage(err, t(on ? "browserOnFailed" : "browserOffFailed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-2">
      <Switch
        label={t("browserNotifications")}
        description={t("browserNotificationsHint")}
        checked={!unavailable && preference && subscribed}
        disabled={busy || unavailable !== null || !publicKey.data}
        onCheckedChange={(on) => void change(on)}
      />
      {(shown || problem) && (
        <p role="status" className="text-sm text-muted-foreground">
          {problem ?? (shown ? t(`browserNote.${shown}`) : null)}
        </p>
      )}
    </div>
  );
}

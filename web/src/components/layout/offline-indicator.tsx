import { useTranslations } from "use-intl";
import { useOnline } from "@/lib/use-online";
import { WifiOffIcon } from "./icons";

/** Visible while offline: what the user sees is the saved copy, and changes cannot be sent. */
export function OfflineIndicator() {
  const t = useTranslations("layout.offline");
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <span
          data-testid="offline-indicator"
          className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          title={t("title")}
        >
          <WifiOffIcon className="size-3.5" />
          {t("badge")}
          <span className="sr-only">{t("srSuffix")}</span>
        </span>
      )}
    </div>
  );
}

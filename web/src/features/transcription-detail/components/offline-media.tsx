import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { ButtonSpinner } from "@/components/ui/spinner";
import type { OfflineMediaRow } from "@/entities/library/library-db";
import { formatBytes } from "@/lib/format";

interface OfflineMediaProps {
  copy: OfflineMediaRow | null;
  /** The recording's size as the server knows it, shown before it is kept (null when unknown). */
  size: number | null;
  online: boolean;
  keeping: boolean;
  freeing: boolean;
  onKeep: () => void;
  onFree: () => void;
}

/** "Keep offline" under the player: the recording's size before, the space it takes after, and a way to free it. */
export function OfflineMedia({ copy, size, online, keeping, freeing, onKeep, onFree }: OfflineMediaProps) {
  const t = useTranslations("detail.offline");
  if (copy) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="offline-media">
        <span role="status" className="text-muted-foreground">
          {t("kept", { size: formatBytes(copy.size) })}
        </span>
        <Button type="button" variant="ghost" size="sm" disabled={freeing} onClick={onFree}>
          {freeing && <ButtonSpinner />}
          {t("remove")}
        </Button>
      </div>
    );
  }
  if (!online) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="offline-media">
      <Button type="button" variant="outline" size="sm" disabled={keeping} onClick={onKeep}>
        {keeping && <ButtonSpinner />}
        {keeping ? t("keeping") : t("keep")}
      </Button>
      <span className="text-muted-foreground">
        {size ? t("keepHintSize", { size: formatBytes(size) }) : t("keepHint")}
      </span>
    </div>
  );
}

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
  if (copy) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="offline-media">
        <span role="status" className="text-muted-foreground">
          Kept offline on this device · {formatBytes(copy.size)}
        </span>
        <Button type="button" variant="ghost" size="sm" disabled={freeing} onClick={onFree}>
          {freeing && <ButtonSpinner />}
          Remove offline copy
        </Button>
      </div>
    );
  }
  if (!online) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="offline-media">
      <Button type="button" variant="outline" size="sm" disabled={keeping} onClick={onKeep}>
        {keeping && <ButtonSpinner />}
        {keeping ? "Saving for offline…" : "Keep offline"}
      </Button>
      <span className="text-muted-foreground">
        {size
          ? `Plays without a connection; takes ${formatBytes(size)} on this device.`
          : "Plays without a connection."}
      </span>
    </div>
  );
}

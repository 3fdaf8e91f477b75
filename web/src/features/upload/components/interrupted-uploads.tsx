import { Button } from "@/components/ui/button";
import type { InterruptedUploadRow } from "@/lib/db";
import { formatBytes } from "@/lib/format";

interface InterruptedUploadsProps {
  rows: InterruptedUploadRow[];
  onDiscard: (row: InterruptedUploadRow) => void;
}

/** Large uploads cut short by a reload or a closed tab: picking the same file again continues them. */
export function InterruptedUploads({ rows, onDiscard }: InterruptedUploadsProps) {
  if (rows.length === 0) return null;
  return (
    <section
      aria-labelledby="interrupted-uploads"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950"
    >
      <h2 id="interrupted-uploads" className="font-medium text-amber-900 dark:text-amber-200">
        Unfinished uploads
      </h2>
      <p className="text-amber-900 dark:text-amber-200">Choose the same file again to continue where it stopped.</p>
      <ul className="mt-2 space-y-1">
        {rows.map((row) => (
          <li key={row.fingerprint} className="flex items-center gap-2">
            <span className="min-w-0 flex-1 truncate font-medium">{row.fileName}</span>
            <span className="shrink-0 text-muted-foreground">{formatBytes(row.size)}</span>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => onDiscard(row)}
              aria-label={`Discard ${row.fileName}`}
            >
              Discard
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

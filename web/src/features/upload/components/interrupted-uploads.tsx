import { Button } from "@/components/ui/button";
import { formatBytes } from "@/lib/format";
import type { UnfinishedUpload } from "../hooks/use-interrupted-uploads";

interface InterruptedUploadsProps {
  rows: UnfinishedUpload[];
  online: boolean;
  onContinue: (row: UnfinishedUpload) => void;
  onDiscard: (row: UnfinishedUpload) => void;
}

function progress(row: UnfinishedUpload) {
  const of = row.of === null ? "" : ` of ${formatBytes(row.of)}`;
  const sent = `${formatBytes(row.sent)}${of} sent`;
  return row.kind === "compressed" ? `Compressed on this device · ${sent}` : sent;
}

/** Uploads cut short by a reload or a closed tab, with how much the server already holds of each. */
export function InterruptedUploads({ rows, online, onContinue, onDiscard }: InterruptedUploadsProps) {
  if (rows.length === 0) return null;
  return (
    <section
      aria-labelledby="interrupted-uploads"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950"
    >
      <h2 id="interrupted-uploads" className="font-medium text-amber-900 dark:text-amber-200">
        Unfinished uploads
      </h2>
      <p className="text-amber-900 dark:text-amber-200">
        {rows.some((row) => row.kind === "compressed")
          ? "Continue where they stopped: recordings compressed on this device continue at once; for the others, choose the same file again."
          : "Choose the same file again to continue where it stopped."}
      </p>
      <ul className="mt-2 space-y-1">
        {rows.map((row) => (
          <li key={row.key} className="flex flex-wrap items-center gap-x-2">
            <span className="min-w-0 flex-1 truncate font-medium">{row.fileName}</span>
            <span className="shrink-0 text-muted-foreground">{formatBytes(row.size)}</span>
            <span className="basis-full text-amber-900 sm:order-last dark:text-amber-200">{progress(row)}</span>
            {row.kind === "compressed" && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={!online}
                onClick={() => onContinue(row)}
                aria-label={`Continue ${row.fileName}`}
              >
                Continue
              </Button>
            )}
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

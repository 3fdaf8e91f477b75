/** A tab with nothing to show: still processing (the job may fill it), or the spec's empty message. */
export function EmptyState({ processing, what, empty }: { processing: boolean; what: string; empty: string }) {
  return (
    <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
      {processing ? `This transcription is still processing. The ${what} will appear here once it's ready.` : empty}
    </p>
  );
}

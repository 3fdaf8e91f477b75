import { useTranslations } from "use-intl";

/** What a tab shows: its messages are detail.empty.<kind>.processing and .empty. */
export type EmptyKind = "transcript" | "summary" | "keyPoints" | "analysis" | "details";

/** A tab with nothing to show: still processing (the job may fill it), or the spec's empty message. */
export function EmptyState({ processing, kind }: { processing: boolean; kind: EmptyKind }) {
  const t = useTranslations("detail.empty");
  return (
    <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
      {processing ? t(`${kind}.processing`) : t(`${kind}.empty`)}
    </p>
  );
}

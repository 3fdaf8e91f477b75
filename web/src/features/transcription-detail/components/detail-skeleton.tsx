import { useTranslations } from "use-intl";
import { Skeleton } from "@/components/ui/skeleton";

export function DetailSkeleton() {
  const t = useTranslations("detail");
  return (
    <div className="space-y-6" role="status" aria-label={t("loading")}>
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <Skeleton className="h-8 w-2/3 md:w-1/3" />
        <div className="flex gap-2">
          <Skeleton className="h-10 w-28" />
          <Skeleton className="h-10 w-28" />
        </div>
      </div>
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-10 w-full md:w-2/3" />
      <div className="space-y-2">
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders.
          <Skeleton key={i} className="h-5" style={{ width: `${60 + ((i * 37) % 40)}%` }} />
        ))}
      </div>
    </div>
  );
}

import { useTranslations } from "use-intl";
import { cn } from "@/lib/cn";

export function Spinner({ label, className }: { label?: string; className?: string }) {
  const t = useTranslations("common");
  return (
    <span role="status" className={cn("inline-flex items-center", className)}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-primary border-t-transparent"
      />
      <span className="sr-only">{label ?? t("loading")}</span>
    </span>
  );
}

/** The spinner centred in the page: session loading, list loading. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] w-full items-center justify-center">
      <Spinner label={label} className="[&>span:first-child]:size-8" />
    </div>
  );
}

/** A small spinner inside a button whose label already says what is happening. */
export function ButtonSpinner() {
  return (
    <span
      aria-hidden="true"
      className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
    />
  );
}

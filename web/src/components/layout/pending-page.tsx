import { Link } from "@tanstack/react-router";
import { APP_PAGES } from "@verbatim/shared/app-pages";
import { useTranslations } from "use-intl";
import { buttonVariants } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { PageSpinner } from "@/components/ui/spinner";
import { PlusIcon } from "./icons";

// What a signed-in page draws while the session is being checked. The build draws the same into the page's HTML
// (src/prerender/app-shell.tsx), which the Worker serves to a browser with a session cookie: the page paints its
// layout and heading before any script, and the app's first render draws them again in the same place, so nothing
// moves and nothing larger comes later (docs/architecture/web-app.md, "Signed-in pages paint at once"). They are a
// screen high, as the pages they stand for mostly are: the footer then starts below the fold, and does not move
// in view when the page comes.

/** The dashboard's heading: its title, the line under it and the New button. */
export function DashboardHeading() {
  const t = useTranslations("transcriptions.page");
  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
      </div>
      <Link to="/upload" className={buttonVariants({ className: "w-full md:w-auto" })}>
        <PlusIcon />
        {t("new")}
      </Link>
    </div>
  );
}

/** The skeleton's lines. Classes, not inline styles: in the page's HTML the CSP would refuse a style attribute. */
const LINE_WIDTHS = ["w-[60%]", "w-[97%]", "w-[94%]", "w-[91%]", "w-[88%]", "w-[85%]", "w-[82%]", "w-[79%]"];

/** A transcript's page until it is read: its heading, the player, the tabs and some lines. */
export function DetailSkeleton() {
  const t = useTranslations("detail");
  return (
    <div className="min-h-dvh space-y-6" role="status" aria-label={t("loading")}>
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
        {LINE_WIDTHS.map((width, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders.
          <Skeleton key={i} className={`h-5 ${width}`} />
        ))}
      </div>
    </div>
  );
}

/** The page at `pathname` (one of @verbatim/shared/app-pages) before the session is known; a spinner for others. */
export function PendingPage({ pathname }: { pathname: string }) {
  const t = useTranslations("layout");
  const page = APP_PAGES.find((candidate) => candidate.path.test(pathname))?.name;
  if (page === "dashboard") {
    return (
      <div className="min-h-dvh space-y-6">
        <DashboardHeading />
        <div role="status" aria-label={t("loadingSession")} className="space-y-4">
          <Skeleton className="h-7 w-40" />
          <div className="grid gap-4 lg:grid-cols-2">
            <Skeleton className="h-36" />
            <Skeleton className="h-36" />
          </div>
        </div>
      </div>
    );
  }
  if (page === "transcription") return <DetailSkeleton />;
  return <PageSpinner label={t("loadingSession")} />;
}

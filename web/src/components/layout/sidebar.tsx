import { Link, useRouterState } from "@tanstack/react-router";
import { useTranslations } from "use-intl";
import { buttonVariants } from "@/components/ui/button";
import { useAuth } from "@/entities/session/use-auth";
import { useSubscription } from "@/entities/subscription/subscription-api";
import { SpaceSwitcher } from "@/entities/workspace/components/space-switcher";
import { cn } from "@/lib/cn";
import { SparklesIcon } from "./icons";
import { Logo } from "./logo";
import { NAV_ITEMS } from "./nav-items";

/** Logo, navigation, the space switcher (signed in) and the Pro promo; the same content serves the desktop column and the mobile drawer. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const t = useTranslations("layout");
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const subscription = useSubscription();
  // A visitor (on /auth, which shares this layout) sees the public plans, not /subscription, which needs a session.
  const signedIn = useAuth().user !== null;
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <Link
        to="/dashboard"
        onClick={onNavigate}
        className="rounded-md px-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Logo />
        <span className="sr-only">{t("logoSuffix")}</span>
      </Link>
      <nav aria-label={t("mainNavigation")}>
        <ul className="space-y-1">
          {NAV_ITEMS.map((item) => {
            // An entry is active when the path starts with its path.
            const active = pathname.startsWith(item.to);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={onNavigate}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
                    "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    active
                      ? "bg-accent text-accent-foreground"
                      : "text-muted-foreground hover:bg-muted hover:text-foreground",
                  )}
                >
                  {item.icon}
                  {t(`nav.${item.label}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {signedIn && <SpaceSwitcher onNavigate={onNavigate} />}
      {subscription.data?.plan !== "PRO" && (
        <div className="mt-auto rounded-lg border bg-card p-4">
          <p className="flex items-center gap-2 text-sm font-semibold">
            <SparklesIcon className="size-4 text-primary" />
            {t("promo.title")}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">{t("promo.body")}</p>
          <Link
            to={signedIn ? "/subscription" : "/pricing"}
            onClick={onNavigate}
            className={buttonVariants({ size: "sm", className: "mt-3 w-full" })}
          >
            {t("promo.cta")}
          </Link>
        </div>
      )}
    </div>
  );
}

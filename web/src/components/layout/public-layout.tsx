import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { buttonVariants } from "@/components/ui/button";
import { Footer } from "./footer";
import { Logo } from "./logo";

/** The public layout: the landing and pricing pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const t = useTranslations("layout");
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 md:px-6">
          <Link to="/" className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <Logo />
          </Link>
          <nav aria-label={t("mainNavigation")} className="ml-auto flex items-center gap-0.5 sm:gap-2">
            <Link to="/pricing" className={buttonVariants({ variant: "ghost", size: "sm" })}>
              {t("pricing")}
            </Link>
            <Link to="/login" className={buttonVariants({ variant: "ghost", size: "sm" })}>
              {t("logIn")}
            </Link>
            <Link to="/register" className={buttonVariants({ size: "sm" })}>
              {t("signUp")}
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
    </div>
  );
}

import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { ArrowLeftIcon } from "./icons";
import { Logo } from "./logo";

/** The auth layout: /login and /register, centred, with a way back home. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const t = useTranslations("layout");
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="mx-auto flex w-full max-w-md items-center justify-between px-4 pt-8">
        <Link to="/" className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Logo />
        </Link>
        <Link
          to="/"
          className="inline-flex items-center gap-1 rounded-md text-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeftIcon />
          {t("backToHome")}
        </Link>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 md:items-center">
        {children}
      </main>
      <footer className="pb-6 text-center text-sm text-muted-foreground">
        {t("copyright", { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}

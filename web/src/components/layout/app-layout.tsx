import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Footer } from "./footer";
import { ProcessingOverlay } from "./processing-overlay";
import { SidebarContent } from "./sidebar";
import { TopBar } from "./top-bar";

/**
 * The app shell: left navigation (w-60 = 15rem), top bar, content, footer, the processing overlay. The
 * routes that use it also mount the upload queue runner (a layout does not import features).
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const t = useTranslations("layout");
  return (
    <div className="flex min-h-dvh bg-background">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2 focus:shadow"
      >
        {t("skipToContent")}
      </a>
      <aside className="sticky top-0 hidden h-dvh w-60 shrink-0 border-r bg-sidebar md:block">
        <SidebarContent />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none md:px-8 md:py-8"
        >
          {children}
        </main>
        <Footer />
      </div>
      <ProcessingOverlay />
    </div>
  );
}

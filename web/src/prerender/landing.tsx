// Build step (web/scripts/prerender-landing.mjs loads this through Vite's SSR loader): the landing page as static
// HTML, one per interface language. The Worker serves it at "/" to a browser that holds no session cookie, so a
// visitor sees the page before any script has run, and the page runs only its own small script, landing-island.ts
// (docs/architecture/web-app.md, "The prerendered landing page").
import { PublicLayout } from "@/components/layout/public-layout";
import { LandingPage } from "@/features/landing/components/landing-page";
import type { Messages } from "@/lib/i18n";
import type { Locale } from "@/lib/i18n/locale";
import { renderRoute } from "./render-route";

/**
 * The landing page's markup (what goes inside #root) in `locale`, as the client's first render draws it. Nothing is
 * fetched: the hours counter keeps its empty box, as the client's first render does.
 */
export function renderLanding(locale: Locale, messages: Messages): Promise<string> {
  const component = () => (
    <PublicLayout>
      <LandingPage />
    </PublicLayout>
  );
  return renderRoute({ pathname: "/", path: "/", component, locale, messages });
}

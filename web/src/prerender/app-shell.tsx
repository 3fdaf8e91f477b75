// Build step (web/scripts/prerender-landing.mjs loads this through Vite's SSR loader): a signed-in page's first
// screen as static HTML, per page of @verbatim/shared/app-pages and per interface language. The Worker serves it to
// a browser holding a session cookie (worker/src/pages/app-page.ts): the layout and the page's heading paint before
// any script, and the app's first render, while the session is checked, draws the same (RequireAuth's PendingPage)
// (docs/architecture/web-app.md, "Signed-in pages paint at once").
import type { ReactNode } from "react";
import { AppLayout } from "@/components/layout/app-layout";
import { PendingPage } from "@/components/layout/pending-page";
import { AuthProvider } from "@/entities/session/use-auth";
import type { Messages } from "@/lib/i18n";
import type { Locale } from "@/lib/i18n/locale";
import { renderRoute } from "./render-route";

/**
 * The markup (what goes inside #root) of the page at `pathname` in `locale`, as the client's first render draws it.
 * Nothing is fetched: nobody is signed in yet, as in the client's first render.
 */
export async function renderAppShell(pathname: string, locale: Locale, messages: Messages): Promise<string> {
  const component = () => (
    <AppLayout>
      <PendingPage pathname={pathname} />
    </AppLayout>
  );
  const around = (router: ReactNode) => <AuthProvider onSignedOut={() => undefined}>{router}</AuthProvider>;
  return inertButtons(await renderRoute({ pathname, path: "$", component, locale, messages, around }));
}

/**
 * The drawn page's buttons are disabled: until the app has started and drawn its own, a press on one (opening the
 * navigation, the user menu) would do nothing and be lost. Links work as they are: they load their page.
 */
export const inertButtons = (markup: string) =>
  markup.replace(/<button\b(?![^>]*\sdisabled[\s=>])/g, '<button disabled=""');

// Build step (web/scripts/prerender-landing.mjs loads this through Vite's SSR loader): the landing page as static
// HTML, one per interface language. The Worker serves it at "/" to a browser that holds no session cookie, so a
// visitor sees the page before any script has run, and the page runs only its own small script, landing-island.ts
// (docs/architecture/web-app.md, "The prerendered landing page").
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "use-intl";
import { PublicLayout } from "@/components/layout/public-layout";
import { LandingPage } from "@/features/landing/components/landing-page";
import type { Messages } from "@/lib/i18n";
import type { Locale } from "@/lib/i18n/locale";

/** The landing page's markup (what goes inside #root) in `locale`, as the client's first render draws it. */
export async function renderLanding(locale: Locale, messages: Messages): Promise<string> {
  const rootRoute = createRootRoute();
  const page = () => (
    <PublicLayout>
      <LandingPage />
    </PublicLayout>
  );
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: "/", component: page }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ["/"] }), isServer: true });
  await router.load();
  // Nothing is fetched here: the hours counter keeps its empty box, as the client's first render does.
  const queryClient = new QueryClient();
  const markup = renderToString(
    <IntlProvider locale={locale} messages={messages} timeZone="UTC">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </IntlProvider>,
  );
  // Its garbage-collection timers would keep the build process alive for five minutes.
  queryClient.clear();
  return markup;
}

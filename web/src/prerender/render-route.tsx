// The build's static pages (landing.tsx, app-shell.tsx) are drawn the same way: one route in a memory router at the
// page's path, rendered to a string with the interface's messages, as the client's first render draws it.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "use-intl";
import type { Messages } from "@/lib/i18n";
import type { Locale } from "@/lib/i18n/locale";

export interface StaticRoute {
  /** The URL drawn, and the route path that matches it ("/", or "$" for any). */
  pathname: string;
  path: string;
  component: () => ReactNode;
  locale: Locale;
  messages: Messages;
  /** What the router is drawn inside, besides the messages and the query client (a provider the page needs). */
  around?: (router: ReactNode) => ReactNode;
}

/** The route's markup (what goes inside #root). Nothing is fetched: its queries stay pending, as at the client's start. */
export async function renderRoute({
  pathname,
  path,
  component,
  locale,
  messages,
  around = (router) => router,
}: StaticRoute): Promise<string> {
  const rootRoute = createRootRoute();
  const routeTree = rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path, component })]);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [pathname] }),
    isServer: true,
  });
  await router.load();
  const queryClient = new QueryClient();
  const markup = renderToString(
    <IntlProvider locale={locale} messages={messages} timeZone="UTC">
      <QueryClientProvider client={queryClient}>
        {around(<RouterProvider router={router as never} />)}
      </QueryClientProvider>
    </IntlProvider>,
  );
  // Its garbage-collection timers would keep the build process alive for five minutes.
  queryClient.clear();
  return markup;
}

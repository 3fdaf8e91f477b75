import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  type AnyRouter,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import type { PublicUser } from "@verbatim/shared/user";
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, vi } from "vitest";
import { Toaster } from "@/components/ui/toast";
import { AuthProvider } from "@/entities/session/use-auth";
import { I18nProvider, setLocale } from "@/lib/i18n";

// The components' tests mount real screens the way main.tsx does (language, query cache, session, router, toasts)
// on a fake API: this is that harness, in one place.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A signed-in Free user, as GET /api/user and /api/session answer. */
export const FAKE_USER: PublicUser = {
  id: "u1",
  username: "dana",
  email: "dana@example.com",
  full_name: "Dana Reyes",
  profile_picture: null,
  company: null,
  job_title: null,
  bio: null,
  subscription_plan: "FREE",
  subscription_status: "active",
  subscription_end_date: null,
  google_connected: false,
  google_profile_email: null,
  google_profile_name: null,
  google_profile_picture: null,
  created_at: "2026-01-01T00:00:00.000Z",
};

/** A JSON answer of the fake API. */
export function jsonAnswer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** The fake API's answer to a path it does not know: a test that needs more says so. */
export const noFakeAnswer = (request: Request) =>
  jsonAnswer({ message: `No fake answer for ${request.method} ${new URL(request.url).pathname}` }, 404);

/** Lets `ms` pass inside act(), so effects, queries and timers settle. */
export const wait = (ms: number) =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });

/** Waits until `check` passes, re-rendering as the queries answer. */
export async function until(check: () => void) {
  await vi.waitFor(
    async () => {
      await wait(10);
      check();
    },
    { timeout: 5000 },
  );
}

/** The open dialog, or null. */
export const openDialog = () => document.querySelector<HTMLDialogElement>("dialog[open]");

/** The button whose trimmed text is `name`. */
export const button = (name: string, within: ParentNode = document) =>
  [...within.querySelectorAll("button")].find((b) => b.textContent?.trim() === name);

export async function click(element: Element | undefined | null) {
  if (!(element instanceof HTMLElement)) throw new Error("nothing to click");
  await act(async () => element.click());
}

/** Types `value` into a controlled input as a user would (React listens to the native setter's input event). */
export async function type(element: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

interface MountOptions {
  /** More screens beside "/", by path. */
  routes?: Record<string, () => ReactNode>;
  /** Rendered beside the routes, as the app's root renders LocaleSync and the toasts. */
  beside?: ReactNode;
  /** Without the session provider (a public page). */
  signedOut?: boolean;
}

/**
 * Registers the hooks of a test file that mounts screens on `fakeApi`: before each test the fetch stub, English and a
 * fresh host element (after `before`, which resets the fake server's state); after each, everything undone.
 */
export function appHarness(fakeApi: (request: Request) => Response | Promise<Response>, before?: () => void) {
  let root: Root;
  let host: HTMLElement;
  let router: AnyRouter;

  beforeEach(async () => {
    before?.();
    vi.stubGlobal(
      "fetch",
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => fakeApi(new Request(input, init))),
    );
    await setLocale("en");
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
  });

  afterEach(() => {
    act(() => root.unmount());
    document.body.innerHTML = "";
    vi.unstubAllGlobals();
  });

  return {
    get host() {
      return host;
    },
    get router() {
      return router;
    },
    /** Mounts `page` at "/" as the app does (language, query cache, session, router, toasts). */
    async mount(page: () => ReactNode, { routes = {}, beside, signedOut = false }: MountOptions = {}) {
      const rootRoute = createRootRoute({
        component: () => (
          <>
            <Outlet />
            <Toaster />
            {beside}
          </>
        ),
      });
      const routeTree = rootRoute.addChildren(
        Object.entries({ "/": page, ...routes }).map(([path, component]) =>
          createRoute({ getParentRoute: () => rootRoute, path, component }),
        ),
      );
      router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ["/"] }) });
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const app = <RouterProvider router={router as never} />;
      await act(async () => {
        root.render(
          <I18nProvider>
            <QueryClientProvider client={queryClient}>
              {signedOut ? app : <AuthProvider onSignedOut={() => undefined}>{app}</AuthProvider>}
            </QueryClientProvider>
          </I18nProvider>,
        );
      });
    },
  };
}

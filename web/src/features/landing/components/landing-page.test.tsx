import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { ACCEPTED_FORMAT_NAMES, FILE_UNSUPPORTED, isAcceptedMedia } from "@verbatim/shared/upload";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { I18nProvider, setLocale } from "@/lib/i18n";
import { INPUT_FORMATS } from "../lib/content";
import { LandingPage } from "./landing-page";

// The landing page claims only what the product does: the formats it names are the upload's own list, and the
// hours counter is the server's figure (GET /api/stats), not a constant.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let hours = 0;
let root: Root;
let host: HTMLElement;

function fakeApi(input: RequestInfo | URL, init?: RequestInit) {
  const path = new URL(new Request(input, init).url).pathname;
  const body =
    path === "/api/stats"
      ? { hoursTranscribed: hours, computedAt: "2026-01-01T00:00:00.000Z" }
      : { message: `No fake answer for ${path}` };
  return Promise.resolve(
    new Response(JSON.stringify(body), {
      status: path === "/api/stats" ? 200 : 404,
      headers: { "Content-Type": "application/json" },
    }),
  );
}

async function mount() {
  const rootRoute = createRootRoute();
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: "/", component: LandingPage }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ["/"] }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      <I18nProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router as never} />
        </QueryClientProvider>
      </I18nProvider>,
    );
  });
}

const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

beforeEach(async () => {
  vi.stubGlobal("fetch", vi.fn(fakeApi));
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

describe("the landing page's formats", () => {
  test("are exactly the formats the upload accepts", () => {
    expect(INPUT_FORMATS).toEqual(ACCEPTED_FORMAT_NAMES);
    for (const name of INPUT_FORMATS) expect(isAcceptedMedia(`meeting.${name.toLowerCase()}`, ""), name).toBe(true);
    // The upload's own refusal names the same set.
    const refused = FILE_UNSUPPORTED.replace("Supported formats: ", "").split(", ");
    expect(new Set(refused)).toEqual(new Set(ACCEPTED_FORMAT_NAMES));
  });

  test("are what the page and its FAQ say", async () => {
    hours = 0;
    await mount();
    await vi.waitFor(() => expect(host.textContent).toContain("Works with"));
    expect(host.textContent).toContain(`Works with ${ACCEPTED_FORMAT_NAMES.join(", ")}`);
    const last = ACCEPTED_FORMAT_NAMES.at(-1);
    expect(host.textContent).toContain(`${ACCEPTED_FORMAT_NAMES.slice(0, -1).join(", ")} and ${last}.`);
    for (const never of ["DivX", "VOB", "QuickTime", "Team collaboration"])
      expect(host.textContent).not.toContain(never);
  });
});

describe("the hours counter", () => {
  test("shows the server's figure", async () => {
    hours = 1234;
    await mount();
    await vi.waitFor(async () => {
      await settle();
      expect(host.querySelector('[data-testid="hours-counter"]')?.textContent).toBe("1,234");
    });
    expect(host.textContent).toContain("hours transcribed");
  });

  test("is left out while the server has counted nothing", async () => {
    hours = 0;
    await mount();
    await vi.waitFor(() => expect(host.textContent).toContain("Works with"));
    await settle();
    expect(fetch).toHaveBeenCalled();
    const figure = host.querySelector<HTMLElement>('[data-testid="hours-counter"]');
    // Hidden, with its label: the prerendered page's script fills it in (landing-island.ts).
    expect(figure?.hidden).toBe(true);
    expect(figure?.textContent).toBe("");
    expect(host.querySelectorAll("[data-hours-counter] [hidden]")).toHaveLength(2);
  });
});

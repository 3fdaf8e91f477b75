import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { DEFAULT_PREFERENCES, type Preferences } from "@verbatim/shared/preferences";
import type { PublicUser } from "@verbatim/shared/user";
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { Toaster } from "@/components/ui/toast";
import { AuthProvider } from "@/entities/session/use-auth";
import { LocaleSync } from "@/entities/user/locale-sync";
import { PricingPage } from "@/features/pricing/components/pricing-page";
import { SettingsPage } from "@/features/settings/components/settings-page";
import { I18nProvider, LOCALE_STORAGE_KEY, pickLocale, setLocale } from "@/lib/i18n";

// The interface's language (docs/architecture/web-app.md, "Languages"): a signed-in user's Settings › General ›
// Language, and the browser's languages on the public pages. The screens here are the real ones, over a fake API.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const USER: PublicUser = {
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

/** What the fake API holds: the signed-in user (null: signed out) and their saved preferences. */
let server: { user: PublicUser | null; preferences: Preferences };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

async function fakeApi(input: RequestInfo | URL, init?: RequestInit) {
  const request = new Request(input, init);
  const path = new URL(request.url).pathname;
  if (path === "/api/user" && request.method === "GET")
    return server.user ? json(server.user) : json({ message: "Not signed in" }, 401);
  if (path === "/api/session" && request.method === "GET") return json({ user: server.user });
  if (path === "/api/user/preferences" && request.method === "GET") return json(server.preferences);
  if (path === "/api/user/preferences" && request.method === "PUT") {
    const update = (await request.json()) as Partial<Preferences>;
    server.preferences = { ...server.preferences, general: { ...server.preferences.general, ...update.general } };
    return json(server.preferences);
  }
  return json({ message: `No fake answer for ${request.method} ${path}` }, 404);
}

function setBrowserLanguages(languages: string[]) {
  Object.defineProperty(navigator, "languages", { value: languages, configurable: true });
  Object.defineProperty(navigator, "language", { value: languages[0], configurable: true });
}

let root: Root;
let host: HTMLElement;

/** Mounts `page` as the app does (language, query cache, session, router), with LocaleSync and the toasts. */
async function mount(page: () => ReactNode) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
        <LocaleSync />
      </>
    ),
  });
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: "/", component: page }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ["/"] }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      <I18nProvider>
        <QueryClientProvider client={queryClient}>
          <AuthProvider onSignedOut={() => undefined}>
            <RouterProvider router={router as never} />
          </AuthProvider>
        </QueryClientProvider>
      </I18nProvider>,
    );
  });
}

/** Waits for `text` on the page, re-rendering as the queries and the language load. */
async function shows(text: string) {
  await vi.waitFor(
    async () => {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
      expect(host.textContent).toContain(text);
    },
    { timeout: 5000 },
  );
}

beforeEach(async () => {
  server = { user: USER, preferences: structuredClone(DEFAULT_PREFERENCES) };
  vi.stubGlobal("fetch", vi.fn(fakeApi));
  localStorage.clear();
  setBrowserLanguages(["en-US", "en"]);
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

describe("the interface's language", () => {
  test("picks the first of the browser's languages it speaks, by language, else English", () => {
    expect(pickLocale(["de-CH", "en"])).toBe("de");
    expect(pickLocale(["pt-BR", "es-419", "fr"])).toBe("es");
    expect(pickLocale(["FR_ca"])).toBe("fr");
    expect(pickLocale(["ja", "zh-Hans"])).toBe("en");
    expect(pickLocale([])).toBe("en");
  });

  test("switching Settings › General › Language to Español shows the app in Spanish, and keeps it", async () => {
    await mount(SettingsPage);
    await shows("Manage your account settings and preferences.");
    expect(document.documentElement.lang).toBe("en");

    const select = [...host.querySelectorAll("select")].find((s) => s.querySelector('option[value="es"]'));
    if (!select) throw new Error("no language select");
    await act(async () => {
      select.value = "es";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    const form = host.querySelector("form");
    await act(async () => {
      form?.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    });

    await shows("Gestiona los ajustes y preferencias de tu cuenta.");
    expect(host.querySelector("h1")?.textContent).toBe("Ajustes");
    expect([...host.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent)).toEqual([
      "General",
      "Perfil",
      "Cuenta",
      "Zona horaria",
      "Notificaciones",
      "Asistente de IA",
      "Voces",
      "API",
    ]);
    // The toast already speaks the new language, and the page is marked as Spanish for screen readers.
    await shows("Ajustes generales guardados");
    expect(document.documentElement.lang).toBe("es");
    expect(server.preferences.general.language).toBe("es");
    // The next start opens in Spanish before the preferences are read again.
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe("es");
  });

  test("a language saved on another device applies once the preferences are read", async () => {
    server.preferences.general.language = "de";
    await mount(SettingsPage);
    await shows("Verwalten Sie Ihre Kontoeinstellungen und Präferenzen.");
    expect(document.documentElement.lang).toBe("de");
  });

  test("signed out, a public page follows the browser's language, with its numbers and money", async () => {
    server.user = null;
    setBrowserLanguages(["fr-CA", "en"]);
    await mount(PricingPage);
    await shows("Des tarifs simples et transparents");
    expect(document.documentElement.lang).toBe("fr");
    // French writes "19,00 $US" and "20 %" (Intl puts a no-break space before the % sign).
    expect(host.querySelector('[data-testid="pro-price"]')?.textContent).toMatch(/19,00\s\$US/);
    expect(host.textContent).toMatch(/Économisez 20\s% avec la facturation annuelle/);
  });

  test("signed out, a browser language the app does not speak falls back to English", async () => {
    server.user = null;
    localStorage.setItem(LOCALE_STORAGE_KEY, "de");
    setBrowserLanguages(["ja-JP", "pt-BR"]);
    await mount(PricingPage);
    await shows("Simple, transparent pricing");
    expect(host.querySelector('[data-testid="pro-price"]')?.textContent).toContain("$19.00");
    expect(document.documentElement.lang).toBe("en");
    // What a signed-in user's language was is forgotten at sign-out.
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
  });
});

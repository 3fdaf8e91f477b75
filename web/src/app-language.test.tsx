import { DEFAULT_PREFERENCES, type Preferences } from "@verbatim/shared/preferences";
import type { PublicUser } from "@verbatim/shared/user";
import { act, type ReactNode } from "react";
import { describe, expect, test, vi } from "vitest";
import { LocaleSync } from "@/entities/user/locale-sync";
import { PricingPage } from "@/features/pricing/components/pricing-page";
import { SettingsPage } from "@/features/settings/components/settings-page";
import { LOCALE_STORAGE_KEY, pickLocale } from "@/lib/i18n";
import { appHarness, FAKE_USER, jsonAnswer, noFakeAnswer, wait } from "@/test-support/app-harness";

// The interface's language (docs/architecture/web-app.md, "Languages"): a signed-in user's Settings › General ›
// Language, and the browser's languages on the public pages. The screens here are the real ones, over a fake API.

/** What the fake API holds: the signed-in user (null: signed out) and their saved preferences. */
let server: { user: PublicUser | null; preferences: Preferences };

async function fakeApi(request: Request) {
  const path = new URL(request.url).pathname;
  if (path === "/api/user" && request.method === "GET")
    return server.user ? jsonAnswer(server.user) : jsonAnswer({ message: "Not signed in" }, 401);
  if (path === "/api/session" && request.method === "GET") return jsonAnswer({ user: server.user });
  if (path === "/api/user/preferences" && request.method === "GET") return jsonAnswer(server.preferences);
  if (path === "/api/user/preferences" && request.method === "PUT") {
    const update = (await request.json()) as Partial<Preferences>;
    server.preferences = { ...server.preferences, general: { ...server.preferences.general, ...update.general } };
    return jsonAnswer(server.preferences);
  }
  return noFakeAnswer(request);
}

function setBrowserLanguages(languages: string[]) {
  Object.defineProperty(navigator, "languages", { value: languages, configurable: true });
  Object.defineProperty(navigator, "language", { value: languages[0], configurable: true });
}

const app = appHarness(fakeApi, () => {
  server = { user: FAKE_USER, preferences: structuredClone(DEFAULT_PREFERENCES) };
  localStorage.clear();
  setBrowserLanguages(["en-US", "en"]);
});

/** Mounts `page` as the app does, with LocaleSync. */
const mount = (page: () => ReactNode) => app.mount(page, { beside: <LocaleSync /> });

/** Waits for `text` on the page, re-rendering as the queries and the language load. */
async function shows(text: string) {
  await vi.waitFor(
    async () => {
      await wait(10);
      expect(app.host.textContent).toContain(text);
    },
    { timeout: 5000 },
  );
}

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

    const select = [...app.host.querySelectorAll("select")].find((s) => s.querySelector('option[value="es"]'));
    if (!select) throw new Error("no language select");
    await act(async () => {
      select.value = "es";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    const form = app.host.querySelector("form");
    await act(async () => {
      form?.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    });

    await shows("Gestiona los ajustes y preferencias de tu cuenta.");
    expect(app.host.querySelector("h1")?.textContent).toBe("Ajustes");
    expect([...app.host.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent)).toEqual([
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
    // And the Worker draws the next signed-in page it serves in Spanish (worker/src/pages/app-page.ts).
    expect(document.cookie).toContain("verbatim_lang=es");
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
    expect(document.cookie).toContain("verbatim_lang=fr");
    // French writes "19,00 $US" and "20 %" (Intl puts a no-break space before the % sign).
    expect(app.host.querySelector('[data-testid="pro-price"]')?.textContent).toMatch(/19,00\s\$US/);
    expect(app.host.textContent).toMatch(/Économisez 20\s% avec la facturation annuelle/);
  });

  test("signed out, a browser language the app does not speak falls back to English", async () => {
    server.user = null;
    localStorage.setItem(LOCALE_STORAGE_KEY, "de");
    setBrowserLanguages(["ja-JP", "pt-BR"]);
    await mount(PricingPage);
    await shows("Simple, transparent pricing");
    expect(app.host.querySelector('[data-testid="pro-price"]')?.textContent).toContain("$19.00");
    expect(document.documentElement.lang).toBe("en");
    // What a signed-in user's language was is forgotten at sign-out.
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
  });
});

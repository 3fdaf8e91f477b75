import { createTranslator } from "use-intl/core";
import en from "@/locales/en.json";
import { applyDocumentLanguage } from "./document";
import { browserLocale, DEFAULT_LOCALE, INTL_TAGS, isLocale, LOCALE_COOKIE, type Locale } from "./locale";

export type Messages = typeof en;

declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}

// English ships in the main chunk (the default and the fallback); the other catalogues are chunks of their own,
// loaded when chosen. The service worker precaches every chunk (vite.config.ts, globPatterns), so a language
// switch works offline too: nothing is fetched from anywhere but the app itself.
const LOADERS: Record<Exclude<Locale, "en">, () => Promise<{ default: unknown }>> = {
  es: () => import("@/locales/es.json"),
  fr: () => import("@/locales/fr.json"),
  de: () => import("@/locales/de.json"),
};

/**
 * The signed-in user's language, kept on this device so the next start opens in it before the preferences are
 * read (as the theme is). Removed at sign-out: the public pages follow the browser's language.
 */
export const LOCALE_STORAGE_KEY = "locale";

export interface LocaleState {
  locale: Locale;
  messages: Messages;
}

let state: LocaleState = { locale: DEFAULT_LOCALE, messages: en };
let translator = createTranslator({ locale: DEFAULT_LOCALE, messages: en });
const listeners = new Set<() => void>();
let latest = 0;

async function messagesFor(locale: Locale): Promise<Messages> {
  if (locale === "en") return en;
  return (await LOADERS[locale]()).default as Messages;
}

/** Shows the interface in `locale` (loading its messages first), and the page's language, title and description. */
export async function setLocale(locale: Locale): Promise<void> {
  const request = ++latest;
  const messages = await messagesFor(locale);
  // A later choice won while this one was loading.
  if (request !== latest) return;
  applyDocumentLanguage(locale, messages);
  writeLocaleCookie(locale);
  if (state.locale === locale) return;
  state = { locale, messages };
  translator = createTranslator({ locale, messages });
  for (const listener of listeners) listener();
}

/**
 * The language the interface shows, for the Worker: it answers a signed-in page opened afresh with the app shell
 * drawn in it (docs/architecture/web-app.md, "Signed-in pages paint at once"). A year; the app rewrites it at every
 * start and switch.
 */
function writeLocaleCookie(locale: Locale) {
  try {
    const secure = location.protocol === "https:" ? "; Secure" : "";
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
    document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  } catch {
    // No cookies here (a sandboxed frame): the Worker falls back to the browser's language.
  }
}

export const getLocaleState = () => state;
export const getLocale = () => state.locale;
/** The active language's tag for Intl (`INTL_TAGS`). */
export const intlLocale = () => INTL_TAGS[state.locale];

export function subscribeLocale(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The language to open in: the one remembered for the signed-in user, else the browser's. */
export function initialLocale(): Locale {
  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // Storage can be blocked; the browser's language still applies.
  }
  return isLocale(remembered) ? remembered : browserLocale();
}

export function rememberLocale(locale: Locale | null) {
  try {
    if (locale) localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    else localStorage.removeItem(LOCALE_STORAGE_KEY);
  } catch {
    // Nothing to remember with; the preference is still applied now.
  }
}

type Translate = typeof translator;

/**
 * Translates outside React (toasts from mutations and stores, errors thrown for a toast to show), in the active
 * language at the time of the call. Components use `useTranslations` from use-intl, which re-renders on a switch.
 */
export const translate: Translate = Object.assign(
  ((...args: Parameters<Translate>) => translator(...args)) as Translate,
  {
    rich: ((...args: Parameters<Translate["rich"]>) => translator.rich(...args)) as Translate["rich"],
    markup: ((...args: Parameters<Translate["markup"]>) => translator.markup(...args)) as Translate["markup"],
    raw: ((...args: Parameters<Translate["raw"]>) => translator.raw(...args)) as Translate["raw"],
    has: ((...args: Parameters<Translate["has"]>) => translator.has(...args)) as Translate["has"],
  },
);

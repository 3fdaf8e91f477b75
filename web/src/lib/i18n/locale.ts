import { type Locale, pickLocale } from "@verbatim/shared/locale";

export { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALES, type Locale, pickLocale } from "@verbatim/shared/locale";

/** What the browser asks for (navigator.languages, or navigator.language where that is missing). */
export function browserLocale(): Locale {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return pickLocale(languages.filter(Boolean));
}

/**
 * The tag Intl formats with. English is American English, as the app has always written dates ("March 4, 2026
 * at 2:05 PM"); the others are the language alone, so Intl uses that language's own customs.
 */
export const INTL_TAGS: Record<Locale, string> = { en: "en-US", es: "es", fr: "fr", de: "de" };

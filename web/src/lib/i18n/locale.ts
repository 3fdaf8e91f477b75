import { LANGUAGES } from "@verbatim/shared/preferences";

/** The interface's languages: the same list as the Settings › General › Language preference. */
export const LOCALES = LANGUAGES;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/**
 * The first of the browser's languages (most preferred first) that the interface speaks, by its language part
 * ("de-CH" → de); English when none is.
 */
export function pickLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const language = tag.toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

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

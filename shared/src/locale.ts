// No zod here: the prerendered landing page's small script (web/src/landing-island.ts) uses this file.

/** The interface's languages, which the Settings › General › Language preference offers (preferences.ts). */
export const LANGUAGES = ["en", "es", "fr", "de"] as const;
export const LOCALES = LANGUAGES;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/**
 * The interface's language, as a cookie the web app keeps (lib/i18n/store.ts) for the Worker: it answers a signed-in
 * page with the app shell drawn in that language (worker/src/pages/app-page.ts). Not HttpOnly: the app writes it.
 */
export const LOCALE_COOKIE = "verbatim_lang";

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/**
 * The first of a browser's languages (most preferred first) that the interface speaks, by its language part
 * ("de-CH" → de); English when none is. The web app asks navigator.languages; the Worker, Accept-Language.
 */
export function pickLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const language = tag.toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/**
 * An Accept-Language header's tags, most preferred first (RFC 9110 §12.5.4: by q, then in the order given);
 * tags with q=0 are refused, so they are left out.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim().match(/^q=([0-9.]+)$/i)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag && tag !== "*" && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

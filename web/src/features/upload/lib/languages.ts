import { SPEECH_LANGUAGE_CODES, speechLanguageEnglishName } from "@verbatim/shared/languages";
import { intlLocale } from "@/lib/i18n";

/**
 * Whisper's languages by name in the interface's language ("German", "alemán", "allemand"), in that language's
 * alphabetical order, the one chosen in Settings first (the likeliest pick).
 */
export function spokenLanguageOptions(settingsLanguage?: string, locale = intlLocale()) {
  const names = new Intl.DisplayNames([locale], { type: "language" });
  const options = SPEECH_LANGUAGE_CODES.map((code) => ({ code, label: label(names, code, locale) })).sort((a, b) =>
    a.label.localeCompare(b.label, locale),
  );
  const preferred = options.find((o) => o.code === settingsLanguage);
  return preferred ? [preferred, ...options.filter((o) => o !== preferred)] : options;
}

/** Whisper's "jw" is Javanese, whose ISO code is "jv". */
const ISO_CODE: Readonly<Record<string, string>> = { jw: "jv" };

/**
 * The language's name in the interface's language; where the browser's language data has none (some browsers
 * answer "ba" and "bo" for Bashkir and Tibetan, the code itself), its English name from Whisper's table. Never a
 * bare code.
 */
function label(names: Intl.DisplayNames, code: string, locale: string) {
  let name: string | undefined;
  try {
    name = names.of(ISO_CODE[code] ?? code);
  } catch {
    name = undefined;
  }
  if (!name || name.toLowerCase() === code.toLowerCase() || name.toLowerCase() === ISO_CODE[code])
    name = speechLanguageEnglishName(code) ?? code;
  // Spanish and French write language names in lower case; in a list of options each starts with a capital.
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

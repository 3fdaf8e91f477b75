import { SPEECH_LANGUAGE_CODES } from "@verbatim/shared/languages";
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

function label(names: Intl.DisplayNames, code: string, locale: string) {
  try {
    const name = names.of(code) ?? code;
    // Spanish and French write language names in lower case; in a list of options each starts with a capital.
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return code; // a code Intl does not know ("jw", Whisper's Javanese)
  }
}

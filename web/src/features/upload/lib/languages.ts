import { SPEECH_LANGUAGE_CODES } from "@verbatim/shared/languages";

const names = new Intl.DisplayNames(["en"], { type: "language" });

/** Whisper's languages by English name, the one chosen in Settings first (the likeliest pick). */
export function spokenLanguageOptions(settingsLanguage?: string) {
  const options = SPEECH_LANGUAGE_CODES.map((code) => ({ code, label: label(code) })).sort((a, b) =>
    a.label.localeCompare(b.label),
  );
  const preferred = options.find((o) => o.code === settingsLanguage);
  return preferred ? [preferred, ...options.filter((o) => o !== preferred)] : options;
}

function label(code: string) {
  try {
    return names.of(code) ?? code;
  } catch {
    return code; // a code Intl does not know ("jw", Whisper's Javanese)
  }
}

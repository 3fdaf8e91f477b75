import table from "../data/languages.json" with { type: "json" };

// Whisper's languages, one table for the engine (asr/verbatim_asr/languages.py reads the same file), the upload
// form's choices and what OpenAI-compatible servers report: they answer with the English name, Verbatim stores
// the code.

const NAMES: Readonly<Record<string, string>> = table.names;

/** Whisper's language codes: the spoken language may be given at upload; left out, it is detected. */
export const SPEECH_LANGUAGE_CODES: readonly string[] = Object.keys(NAMES);

const CODE_BY_NAME: ReadonlyMap<string, string> = new Map([
  ...Object.entries(NAMES).map(([code, name]) => [name, code] as const),
  ...Object.entries(table.aliases),
]);

/** The language's English name from Whisper's table, capitalised ("Bashkir"), or null for a code it lacks. */
export function speechLanguageEnglishName(code: string): string | null {
  const name = Object.hasOwn(NAMES, code) ? NAMES[code] : undefined;
  return name ? name.replace(/(^|\s)\p{Ll}/gu, (first) => first.toUpperCase()) : null;
}

/** A language's code from its code or its name (any case), as the engine accepts it; null when Whisper knows neither. */
export function toLanguageCode(value: string | null | undefined): string | null {
  const v = value?.trim().toLowerCase();
  if (!v) return null;
  return Object.hasOwn(NAMES, v) ? v : (CODE_BY_NAME.get(v) ?? null);
}

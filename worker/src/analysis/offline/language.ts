// Language identification from function words: they make up a large share of any running text and differ
// clearly between the languages Verbatim's users speak, so a few dozen per language separate them reliably.
const FUNCTION_WORDS: Record<string, string> = {
  en: "the and of to a in is that it for you we was on are with this be have not but they at what so can do if there about",
  sv: "och att det som en på är av för med har till den inte om ett jag vi de var men så kan ska från eller här",
  es: "el la de que y en los se del las un por con una para es lo no al como pero más está sus este muy también",
  fr: "le la les de des et est un une du en que qui dans pour pas sur au avec ce il nous vous mais sont cette",
  de: "der die und das ist nicht ein eine zu den mit von sich auf für dem auch es wir ich sie aber wie noch",
  nl: "de het een en van is dat op te in niet zijn voor met die ook maar wij ik je er naar nog",
  it: "il di che la e è per un una non sono del della le gli con si ma anche come più questo alla",
  pt: "o a de que e do da em um uma para com não os as se por mais como mas foi ao das dos também",
  da: "og at det er en til på med af for den ikke som har jeg vi de var men så kan skal fra eller her hvad nu meget",
  no: "og at det er en til på med av for den ikke som har jeg vi de var men så kan skal fra eller her hva nå veldig mye",
  fi: "ja on ei se että hän oli ovat mutta kuin myös tai niin kun jos nyt vielä minä me te he tämä",
  pl: "i w na nie się z że do to jest jak ale co o tak po od jego za czy już tylko",
};

const PROFILES = Object.fromEntries(
  Object.entries(FUNCTION_WORDS).map(([code, words]) => [code, new Set(words.split(" "))]),
);

const LANGUAGE_NAMES: Record<string, string> = {
  en: "English",
  sv: "Swedish",
  es: "Spanish",
  fr: "French",
  de: "German",
  nl: "Dutch",
  it: "Italian",
  pt: "Portuguese",
  da: "Danish",
  no: "Norwegian",
  fi: "Finnish",
  pl: "Polish",
};

export function languageName(code: string): string {
  return LANGUAGE_NAMES[code] ?? code;
}

/** The ISO 639-1 code of the language the text is most likely in, or null when the evidence is too thin. */
export function detectLanguage(text: string): string | null {
  const words =
    text
      .toLowerCase()
      .match(/\p{L}+/gu)
      ?.slice(0, 5000) ?? [];
  if (words.length < 5) return null;
  let best: string | null = null;
  let bestHits = 0;
  for (const [code, profile] of Object.entries(PROFILES)) {
    let hits = 0;
    for (const word of words) if (profile.has(word)) hits++;
    if (hits > bestHits) {
      bestHits = hits;
      best = code;
    }
  }
  // Only a low share of function words at all means "unknown"; close neighbours (Danish, Norwegian) share most
  // of them and are told apart by the few they do not.
  return bestHits >= words.length * 0.12 ? best : null;
}

const NAME_TO_CODE = new Map(Object.entries(LANGUAGE_NAMES).map(([code, name]) => [name.toLowerCase(), code]));

/** "en", "en-US", "English", "eng" → "en"; null when the value names no language. */
export function normaliseLanguage(value: string | null | undefined): string | null {
  const raw = value?.trim().toLowerCase();
  if (!raw) return null;
  const byName = NAME_TO_CODE.get(raw);
  if (byName) return byName;
  const primary = raw.split(/[-_]/)[0] ?? "";
  if (primary === "eng") return "en";
  if (primary === "swe") return "sv";
  if (primary === "nb" || primary === "nn") return "no";
  return /^[a-z]{2}$/.test(primary) ? primary : null;
}

/** The recogniser's language when it gave one, else what the text looks like. */
export function resolveLanguage(reported: string | null, text: string): string | null {
  return normaliseLanguage(reported) ?? detectLanguage(text);
}

import type { SpeakerSuggestion, TranscriptDoc } from "@verbatim/shared";
import { sentenceSpans } from "../rules/sentence-spans";

// Names heard in self-introductions ("I'm Dana", "my name is Dana", "this is Dana from Acme", "Dana here"),
// offered per diarized speaker for the user to accept; nothing here renames anyone.

const NAME = String.raw`(\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+)?)`;
const INTRODUCTIONS = [
  // No "i" flag: it would let \p{Lu} match lower-case words too, and a name must be capitalised.
  new RegExp(String.raw`\b(?:I['’]m|I am|[Mm]y name is|[Mm]y name['’]s|[Tt]his is|[Cc]all me)\s+${NAME}`, "gu"),
  // "Dana here" only at the start of a sentence (optionally after a greeting) and ending it or a clause.
  new RegExp(String.raw`^(?:(?:[Hh]i|[Hh]ello|[Hh]ey)[,!]?\s+)?(?:it['’]s\s+)?${NAME}\s+here(?=[.,!;:—–-]|\s*$)`, "gu"),
];

/** Capitalised words that follow these phrases without being a name ("I'm Sorry", "This is Monday"). */
const NOT_NAMES = new Set(
  `i a an the and but or so just not sorry here there back going fine good great okay ok sure glad happy really
  very also still now today tomorrow yesterday everyone everybody nobody nothing something everything all we you
  he she they it this that what why how when where who yes no right well thanks thank hello hi hey welcome out
  over done ready excited afraid pretty kind actually definitely totally absolutely only always never probably
  quite almost from with at on in for to of by team meeting monday tuesday wednesday thursday friday saturday
  sunday january february march april may june july august september october november december`.split(/\s+/),
);

/** Drops a trailing word that is not part of the name ("Dana From" → "Dana"); null when no name is left. */
function cleanName(raw: string): string | null {
  const words = raw.split(/\s+/).map((w) => w.replace(/['’]s$/u, ""));
  const kept: string[] = [];
  for (const w of words) {
    if (NOT_NAMES.has(w.toLowerCase())) break;
    kept.push(w);
  }
  return kept.length > 0 ? kept.join(" ") : null;
}

export function suggestSpeakerNames(doc: Pick<TranscriptDoc, "segments" | "speakers">): SpeakerSuggestion[] {
  const speakers = doc.speakers ?? [];
  if (speakers.length === 0) return [];
  const known = new Map(speakers.map((s) => [s.id, s.name]));
  const seen = new Set<string>();
  const suggestions: SpeakerSuggestion[] = [];
  for (const seg of doc.segments) {
    for (const { from, to } of sentenceSpans(seg.text)) {
      const quote = seg.text.slice(from, to);
      for (const pattern of INTRODUCTIONS) {
        for (const match of quote.matchAll(pattern)) {
          const name = cleanName(match[1] ?? "");
          if (!name) continue;
          const first = name.split(" ")[0]?.toLowerCase();
          const word = seg.words?.find((w) => w.word.replace(/[^\p{L}'’-]/gu, "").toLowerCase() === first);
          const speaker = word?.speaker ?? seg.speaker;
          if (speaker === undefined || !known.has(speaker)) continue;
          if (known.get(speaker)?.toLowerCase() === name.toLowerCase()) continue;
          const key = `${speaker}\u0000${name.toLowerCase()}`;
          if (seen.has(key)) continue;
          seen.add(key);
          suggestions.push({ speaker, name, quote: quote.slice(0, 200), start: word?.start ?? seg.start });
        }
      }
    }
  }
  return suggestions;
}

import type { ENTITY_TYPES } from "@verbatim/shared";
import {
  GIVEN_NAMES,
  MONTHS,
  NOT_ENTITIES,
  ORGANIZATION_SUFFIXES,
  ORGANIZATIONS,
  PLACES,
  PRODUCTS,
  WEEKDAYS,
} from "./gazetteer";
import type { Sentence, Token } from "./sentences";

export type EntityType = (typeof ENTITY_TYPES)[number];

export interface Entity {
  name: string;
  type: EntityType;
  mentions: number;
}

/** Diarisation labels ("Speaker 2", "SPEAKER_01") are not people's names. */
export function isPersonName(label: string): boolean {
  return !/^(?:speaker|spk|person|unknown)[ _-]?\d*$/i.test(label.trim());
}

const firstWord = (name: string) => name.split(/\s+/)[0]?.toLowerCase() ?? "";

/** Maps spoken first names to participants' full labels, so "Priya" and "Priya Raman" are one person. */
export function participantIndex(participants: readonly string[]): Map<string, string> {
  const index = new Map<string, string>();
  const ambiguous = new Set<string>();
  for (const name of participants) {
    index.set(name.toLowerCase(), name);
    const first = firstWord(name);
    if (first === name.toLowerCase()) continue;
    if (index.has(first) && index.get(first) !== name) ambiguous.add(first);
    else index.set(first, name);
  }
  for (const first of ambiguous) index.delete(first);
  return index;
}

// "iOS" and "iPhone" are capitalised names too.
const CAPITALISED = /^(?:[\p{Lu}\d]|i[A-Z])/u;
const PLACE_PREPOSITIONS = new Set(["in", "from", "across", "near", "around", "outside", "throughout"]);
const QUARTER = /^Q[1-4]$/;

/** Runs of capitalised proper nouns, with whether the run opens its sentence (where capitals prove nothing). */
function properNounRuns(tokens: readonly Token[]): { text: string; first: number; initial: boolean }[] {
  const runs: { text: string; first: number; initial: boolean }[] = [];
  const firstWordIndex = tokens.findIndex((t) => /\p{L}/u.test(t.value));
  let k = 0;
  while (k < tokens.length) {
    const token = tokens[k] as Token;
    if ((token.pos !== "PROPN" && !/^i[A-Z]/.test(token.value)) || !CAPITALISED.test(token.value)) {
      k++;
      continue;
    }
    const start = k;
    let text = token.value;
    k++;
    // Capitalised words after a proper noun continue it even when tagged otherwise ("Apple Pay"), as do model
    // numbers and hyphenated brand names ("Galaxy A12", "Wi-Fi").
    while (k < tokens.length) {
      const next = tokens[k] as Token;
      const joined = next.from === (tokens[k - 1] as Token).from + (tokens[k - 1] as Token).value.length;
      const capitalisedWord = CAPITALISED.test(next.value) && ["PROPN", "NOUN", "VERB", "ADJ"].includes(next.pos);
      if (
        (capitalisedWord && !joined && !NOT_ENTITIES.has(next.value.toLowerCase())) ||
        (/^[A-Z]\d+$/.test(next.value) && !joined)
      ) {
        text += `${joined ? "" : " "}${next.value}`;
      } else if (next.value === "-" && joined && tokens[k + 1] && CAPITALISED.test((tokens[k + 1] as Token).value)) {
        text += `-${(tokens[k + 1] as Token).value}`;
        k++;
      } else break;
      k++;
    }
    runs.push({ text, first: start, initial: start === firstWordIndex });
  }
  return runs;
}

function classify(text: string, before: string | undefined): EntityType | null {
  const lower = text.toLowerCase();
  const words = lower.split(/\s+/);
  const head = words[0] ?? "";
  const last = words[words.length - 1] ?? "";
  if (QUARTER.test(text)) return "date";
  if (NOT_ENTITIES.has(lower) || (words.length === 1 && NOT_ENTITIES.has(head))) return null;
  if (PLACES.has(lower)) return "place";
  if (PRODUCTS.has(lower)) return "product";
  if (ORGANIZATIONS.has(lower)) return "organization";
  // A known company followed by more words names one of its products ("Google Play", "Samsung Galaxy A12").
  if (words.length > 1 && ORGANIZATIONS.has(head)) return "product";
  if (words.length > 1 && ORGANIZATION_SUFFIXES.has(last)) return "organization";
  if (GIVEN_NAMES.has(head)) return "person";
  if (words.length === 1 && before && PLACE_PREPOSITIONS.has(before)) return "place";
  return null;
}

// Dates a reader can place on a calendar; "today" or "next week" say nothing once the meeting is over.
const ANCHORED_DATE = new RegExp(`\\b(?:${MONTHS}|${WEEKDAYS})\\b|\\b(?:19|20)\\d\\d\\b`, "i");
const MONTH_DAY = new RegExp(
  `\\b(?:(?:${MONTHS})\\.? \\d{1,2}(?:st|nd|rd|th)?|\\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:${MONTHS}))\\b`,
  "gi",
);
const LEADING_QUALIFIER =
  /^(?:by|on|from|until|till|before|after|about|around|roughly|approximately|over|under|almost|nearly|in|at|for|since|through|the|some|up to|more than|less than)\s+/i;

function stripQualifiers(value: string): string {
  let out = value.trim();
  let previous: string;
  do {
    previous = out;
    out = out.replace(LEADING_QUALIFIER, "");
  } while (out !== previous);
  return out;
}

/** Calendar dates and amounts from the model's entities; a month split from its day ("by August" + "11th") is rejoined. */
function datesAndAmounts(sentence: Sentence, count: (name: string, type: EntityType) => void): void {
  const { entities } = sentence;
  for (let k = 0; k < entities.length; k++) {
    const entity = entities[k] as Sentence["entities"][number];
    let value = entity.value;
    const next = entities[k + 1];
    if (next?.type === "ORDINAL" && next.first === entity.last + 1 && new RegExp(`(?:${MONTHS})$`, "i").test(value)) {
      value = `${value} ${next.value}`;
      k++;
    }
    if (entity.type === "MONEY" || entity.type === "PERCENT") {
      count(stripQualifiers(value), "amount");
    } else if (entity.type === "DATE" || entity.type === "DURATION" || entity.type === "TIME") {
      const days = value.match(MONTH_DAY);
      if (days) for (const day of days) count(day, "date");
      else if (entity.type === "DATE" && ANCHORED_DATE.test(value)) count(stripQualifiers(value), "date");
    }
  }
}

const TYPE_ORDER: readonly EntityType[] = ["person", "organization", "place", "product", "date", "amount"];

/**
 * People, organisations, places, products, dates and amounts with how often each is mentioned. Participants are
 * listed as people even when nobody says their name (mentions 0): they are the meeting's first entities.
 */
export function extractEntities(sentences: readonly Sentence[], participants: readonly string[]): Entity[] {
  const people = participantIndex(participants);
  const found = new Map<string, Entity>();
  const count = (name: string, type: EntityType) => {
    const key = `${type}:${name.toLowerCase()}`;
    const entity = found.get(key);
    if (entity) entity.mentions++;
    else found.set(key, { name, type, mentions: 1 });
  };
  for (const name of participants) found.set(`person:${name.toLowerCase()}`, { name, type: "person", mentions: 0 });

  // Names first seen at the start of a sentence count only if they also appear where capitals mean something.
  const deferred: string[] = [];
  const trusted = new Map<string, EntityType>();
  for (const sentence of sentences) {
    for (const run of properNounRuns(sentence.tokens)) {
      const participant = people.get(run.text.toLowerCase());
      if (participant) {
        count(participant, "person");
        continue;
      }
      const type = classify(run.text, sentence.tokens[run.first - 1]?.lemma);
      if (!type) continue;
      if (run.initial && run.text.split(" ").length === 1 && !GIVEN_NAMES.has(run.text.toLowerCase())) {
        deferred.push(run.text);
        continue;
      }
      trusted.set(run.text, type);
      count(run.text, type);
    }
    datesAndAmounts(sentence, count);
  }
  for (const text of deferred) {
    const type = trusted.get(text);
    if (type) count(text, type);
  }

  // A first name said alone belongs to the one full name that starts with it ("Rachel" → "Rachel Green").
  const persons = [...found.values()].filter((e) => e.type === "person");
  for (const single of persons.filter((p) => !p.name.includes(" "))) {
    const full = persons.filter((p) => p.name.includes(" ") && firstWord(p.name) === single.name.toLowerCase());
    const [only] = full;
    if (full.length === 1 && only) {
      only.mentions += single.mentions;
      found.delete(`person:${single.name.toLowerCase()}`);
    }
  }

  const isParticipant = new Set(participants);
  return [...found.values()].sort(
    (a, b) =>
      TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) ||
      Number(isParticipant.has(b.name)) - Number(isParticipant.has(a.name)) ||
      b.mentions - a.mentions ||
      a.name.localeCompare(b.name),
  );
}

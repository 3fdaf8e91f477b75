import { SENTENCE_END_CLASS } from "@verbatim/shared/sentences";
import type { ItemSentence, ItsFunction, PartOfSpeech } from "wink-nlp";
import { sentenceSpans } from "../../rules/sentence-spans";
import { nlp } from "./nlp";
import { type Turn, timeAt } from "./speakers";
import { wordCount } from "./text";

export interface Token {
  value: string;
  /** The value lower-cased, with typographic apostrophes made plain. */
  normal: string;
  /** Lower-cased, with contractions expanded ("'ll" → "will"). */
  lemma: string;
  stem: string;
  pos: PartOfSpeech;
  stop: boolean;
  /** Character offset inside the sentence text. */
  from: number;
}

export interface EntityMention {
  value: string;
  /** wink's type: DATE, TIME, MONEY, PERCENT, DURATION, CARDINAL, ORDINAL, … */
  type: string;
  /** First and last token index inside the sentence. */
  first: number;
  last: number;
}

export interface Sentence {
  index: number;
  turn: number;
  speaker: string | null;
  /** Seconds from the start of the recording. */
  start: number;
  text: string;
  words: number;
  /** Empty for languages the English pipeline cannot read. */
  tokens: Token[];
  entities: EntityMention[];
  /** Content-word stems, for similarity and salience. */
  terms: Set<string>;
  question: boolean;
  /** -1 (negative) … 1 (positive); 0 when not measured. */
  sentiment: number;
}

const CONTENT_POS: ReadonlySet<string> = new Set(["NOUN", "PROPN", "VERB", "ADJ", "NUM"]);

// Words that are content words to a tagger but carry nothing in speech ("I think", "a lot", "you know").
const LIGHT = new Set(
  "be have do say get go think know want make let see look mean guess talk come take give thing lot way kind sort bit yeah okay ok really just gonna wanna like right sure".split(
    " ",
  ),
);

// Spoken questions that lost their question mark in recognition still open with these.
const INTERROGATIVE =
  /^(?:who|what|when|where|why|how|which|whose|is|are|was|were|do|does|did|can|could|would|will|should|shall|have|has|may)\b/i;

const SENTENCE_END = new RegExp(`[${SENTENCE_END_CLASS}]`, "gu");

/** Whether the recogniser punctuated the text: without punctuation, sentence splitting would find one run-on. */
function isPunctuated(turns: readonly Turn[]): boolean {
  let marks = 0;
  let words = 0;
  for (const turn of turns) {
    marks += turn.text.match(SENTENCE_END)?.length ?? 0;
    words += wordCount(turn.text);
  }
  return words === 0 || marks * 40 >= words;
}

interface Unit {
  turn: number;
  /** Offset of the unit inside its turn's text. */
  offset: number;
  text: string;
}

const MAX_UNPUNCTUATED_WORDS = 30;

/**
 * Without punctuation the recogniser's own segments are the best sentence boundaries there are; overlong ones
 * are cut into chunks of a readable length.
 */
function unpunctuatedUnits(turns: readonly Turn[]): Unit[] {
  const units: Unit[] = [];
  turns.forEach((turn, t) => {
    for (const piece of turn.pieces) {
      const text = turn.text.slice(piece.from, piece.to);
      const re = /\S+/g;
      let count = 0;
      let unitStart = -1;
      let unitEnd = 0;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        if (unitStart < 0) unitStart = m.index;
        unitEnd = m.index + m[0].length;
        if (++count === MAX_UNPUNCTUATED_WORDS) {
          units.push({ turn: t, offset: piece.from + unitStart, text: text.slice(unitStart, unitEnd) });
          count = 0;
          unitStart = -1;
        }
      }
      if (unitStart >= 0) units.push({ turn: t, offset: piece.from + unitStart, text: text.slice(unitStart, unitEnd) });
    }
  });
  return units;
}

function termsOf(tokens: readonly Token[]): Set<string> {
  const terms = new Set<string>();
  for (const token of tokens) {
    if (token.stop || !CONTENT_POS.has(token.pos) || LIGHT.has(token.lemma)) continue;
    if (!/[\p{L}\p{N}]/u.test(token.value) || token.stem.length < 2) continue;
    terms.add(token.stem);
  }
  return terms;
}

/** English sentences with tokens, entities and sentiment, each placed in time and attributed to its speaker. */
export function englishSentences(turns: readonly Turn[]): Sentence[] {
  const { its } = nlp();
  // wink's typings declare lemma and stem with an extra addons parameter, which its collection out() supplies.
  const lemmaOf = its.lemma as unknown as ItsFunction<string>;
  const stemOf = its.stem as unknown as ItsFunction<string>;
  const punctuated = isPunctuated(turns);
  const units: Unit[] = punctuated
    ? turns.map((turn, t) => ({ turn: t, offset: 0, text: turn.text }))
    : unpunctuatedUnits(turns);
  const sentences: Sentence[] = [];
  for (const unit of units) {
    const turn = turns[unit.turn] as Turn;
    const doc = nlp().readDoc(unit.text);
    let cursor = 0;
    // A sentence item, or the whole document when the unit is one sentence by construction.
    const each = (item: Pick<ItemSentence, "out" | "tokens" | "entities">) => {
      const text = item.out().trim();
      if (text.length === 0) return;
      const found = unit.text.indexOf(text, cursor);
      const at = found >= 0 ? found : cursor;
      cursor = at + text.length;
      const collection = item.tokens();
      const values = collection.out(its.value) as string[];
      const lemmas = collection.out(lemmaOf) as string[];
      const stems = collection.out(stemOf) as string[];
      const pos = collection.out(its.pos) as PartOfSpeech[];
      const stops = collection.out(its.stopWordFlag) as boolean[];
      const spaces = collection.out(its.precedingSpaces) as string[];
      const tokens: Token[] = [];
      let offset = 0;
      values.forEach((value, k) => {
        if (k > 0) offset += (spaces[k] ?? "").length;
        tokens.push({
          value,
          normal: value.toLowerCase().replace(/’/g, "'"),
          lemma: (lemmas[k] ?? value).toLowerCase(),
          stem: (stems[k] ?? value).toLowerCase(),
          pos: pos[k] ?? "X",
          stop: stops[k] ?? false,
          from: offset,
        });
        offset += value.length;
      });
      const base = collection.length() > 0 ? collection.itemAt(0).index() : 0;
      const details = item.entities().out(its.detail) as unknown as { value: string; type: string }[];
      const spans = item.entities().out(its.span) as unknown as [number, number][];
      const entities = details.map((d, k) => {
        const [first, last] = spans[k] ?? [base, base];
        return { value: d.value, type: d.type, first: first - base, last: last - base };
      });
      sentences.push({
        index: sentences.length,
        turn: unit.turn,
        speaker: turn.speaker,
        start: timeAt(turn, unit.offset + at),
        text,
        words: wordCount(text),
        tokens,
        entities,
        terms: termsOf(tokens),
        question: text.endsWith("?") || (!punctuated && INTERROGATIVE.test(text)),
        sentiment: Number(item.out(its.sentiment)) || 0,
      });
    };
    if (punctuated) doc.sentences().each(each);
    else each(doc);
  }
  return sentences;
}

/**
 * Sentences split on end punctuation only (not after a title or an initial), for languages the English pipeline
 * cannot read: enough to place questions and count words without pretending to understand the text.
 */
export function plainSentences(turns: readonly Turn[]): Sentence[] {
  const sentences: Sentence[] = [];
  turns.forEach((turn, t) => {
    for (const { from, to } of sentenceSpans(turn.text)) {
      const text = turn.text.slice(from, to);
      sentences.push({
        index: sentences.length,
        turn: t,
        speaker: turn.speaker,
        start: timeAt(turn, from),
        text,
        words: wordCount(text),
        tokens: [],
        entities: [],
        terms: new Set(text.toLowerCase().match(/\p{L}{4,}/gu) ?? []),
        question: /[?？؟]["'”’»)\]]*$/u.test(text),
        sentiment: 0,
      });
    }
  });
  return sentences;
}

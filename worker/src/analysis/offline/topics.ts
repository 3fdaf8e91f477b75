import { markerTime } from "@verbatim/shared/time-marker";
import { GIVEN_NAMES, NOT_ENTITIES } from "./gazetteer";
import { pickDistinct } from "./salience";
import type { Sentence, Token } from "./sentences";
import { addCounts, capitalize, cosine, joinList, tidySentence } from "./text";

export interface Topic {
  /** Whether the segment is the closing recap of the meeting, which summaries leave out of their topic lists. */
  recap: boolean;
  /** "Code freeze and sync upload": the segment's two most salient phrases. */
  name: string;
  /** The single most salient phrase, for lists ("… to discuss code freeze, Adyen and …"). */
  label: string;
  /** Its most central sentence, then when and by whom it was discussed. */
  description: string;
  /** The next most central sentences. */
  keyPoints: string[];
  central: string | null;
  /** "Discussed from 02:59 to 05:09, mainly by Tom Becker and Sarah Chen." */
  when: string;
}

// Phrases that open a new subject in a meeting. They mark a boundary more reliably than word statistics and
// usually name the subject that follows ("let's move to the payment migration").
const LEAD = String.raw`^(?:(?:okay|ok|so|great|good|perfect|alright|right|now|and),?\s+)*`;
const TOPIC_CUE = new RegExp(
  `${LEAD}(?:let's (?:move (?:on )?to|talk about|turn to|discuss|look at|switch to|go to)|moving on to|moving on|next (?:topic|item|up)|last (?:topic|item|thing)|turning to|on to|another (?:topic|thing)|the (?:next|last|final) (?:topic|item))\\b`,
  "i",
);
const RECAP_CUE = new RegExp(
  `${LEAD}(?:let me (?:summari[sz]e|recap)|to (?:summari[sz]e|recap|wrap up)|in summary|let's (?:recap|summari[sz]e|wrap up))\\b`,
  "i",
);

const RECAP_LABEL = "recap and next steps";

const GENERIC_NOUNS = new Set(
  "thing things time times way ways lot lots people person question questions point points week weeks day days today year years minute minutes hour hours percent part parts bit kind sort case fact idea problem stuff one ones everyone everybody something anything nothing side end start number numbers moment reason version work team issue option area level matter sense word term".split(
    " ",
  ),
);

/** Gap scores: similarity of the content words in the windows before and after each sentence boundary. */
function gapSimilarities(sentences: readonly Sentence[], window: number): number[] {
  const scores: number[] = [];
  for (let gap = 1; gap < sentences.length; gap++) {
    const left = new Map<string, number>();
    const right = new Map<string, number>();
    for (let k = Math.max(0, gap - window); k < gap; k++) addCounts(left, (sentences[k] as Sentence).terms);
    for (let k = gap; k < Math.min(sentences.length, gap + window); k++)
      addCounts(right, (sentences[k] as Sentence).terms);
    scores.push(cosine(left, right));
  }
  // Light smoothing, as in TextTiling, so one odd sentence does not make a valley.
  return scores.map((_, k) => {
    const around = scores.slice(Math.max(0, k - 1), k + 2);
    return around.reduce((a, b) => a + b, 0) / around.length;
  });
}

/** TextTiling depth: how far a gap's similarity falls below the peaks on either side of it. */
function depthScores(similarity: readonly number[]): number[] {
  return similarity.map((value, k) => {
    let left = value;
    for (let j = k - 1; j >= 0 && (similarity[j] as number) >= left; j--) left = similarity[j] as number;
    let right = value;
    for (let j = k + 1; j < similarity.length && (similarity[j] as number) >= right; j++)
      right = similarity[j] as number;
    return left - value + (right - value);
  });
}

/**
 * Sentence indexes where a new topic starts: the deepest valleys in lexical cohesion (TextTiling), helped by
 * spoken cues like "let's move to", keeping topics at least a few sentences long.
 */
function boundaries(sentences: readonly Sentence[]): number[] {
  const n = sentences.length;
  const window = Math.min(8, Math.max(3, Math.round(n / 20)));
  const minLength = Math.max(5, Math.round(n / 12));
  const maxTopics = Math.min(12, Math.max(2, Math.round(n / 25)));
  const depth = depthScores(gapSimilarities(sentences, window));
  const mean = depth.reduce((a, b) => a + b, 0) / (depth.length || 1);
  const sd = Math.sqrt(depth.reduce((a, d) => a + (d - mean) ** 2, 0) / (depth.length || 1));
  // depth[k] is the gap before sentence k + 1. When a chair structures the meeting with spoken cues, those are
  // the topics; lexical valleys inside them are sub-threads of one subject (a decision, its follow-ups).
  const cued = depth.map((_, k) => {
    const text = (sentences[k + 1] as Sentence).text;
    return TOPIC_CUE.test(text) || RECAP_CUE.test(text);
  });
  const cueCount = cued.filter(Boolean).length;
  const cutoff = cueCount >= 2 ? Number.POSITIVE_INFINITY : mean + sd / 2;
  const scored = depth.map((d, k) => ({ start: k + 1, score: cued[k] ? 10 + d : d }));
  const chosen: number[] = [];
  for (const gap of [...scored].sort((a, b) => b.score - a.score)) {
    if (chosen.length >= maxTopics - 1 || (gap.score <= cutoff && !cued[gap.start - 1])) break;
    if (gap.start < minLength || n - gap.start < minLength) continue;
    if (chosen.some((c) => Math.abs(c - gap.start) < minLength)) continue;
    chosen.push(gap.start);
  }
  return chosen.sort((a, b) => a - b);
}

const NOUNISH = new Set(["NOUN", "PROPN", "ADJ"]);

/** A noun as a reader would name it: singular where the lemma only drops a plural ("users" → "user", but "data" stays). */
function nounForm(token: Token): string {
  if (token.pos === "PROPN") return token.value;
  const value = token.value.toLowerCase();
  return token.lemma.length < value.length && value.startsWith(token.lemma.slice(0, -1)) ? token.lemma : value;
}

/**
 * Candidate topic phrases: every stretch of up to three adjective/noun words that ends in a noun, so "offline
 * sync feature" also counts towards "sync feature" and "sync". A multi-word proper name stays whole.
 */
function phrasesOf(tokens: readonly Token[], people: ReadonlySet<string>): string[] {
  const phrases: string[] = [];
  let run: Token[] = [];
  const flush = () => {
    for (let last = 0; last < run.length; last++) {
      const head = run[last] as Token;
      if (head.pos === "ADJ" || GENERIC_NOUNS.has(head.lemma)) continue;
      if (head.pos === "PROPN" && run[last + 1]?.pos === "PROPN") continue;
      for (let first = Math.max(0, last - 2); first <= last; first++) {
        const words = run.slice(first, last + 1);
        if ((words[0] as Token).pos === "ADJ" && words.length === 1) continue;
        if (first > 0 && (run[first - 1] as Token).pos === "PROPN" && (words[0] as Token).pos === "PROPN") continue;
        phrases.push(words.map(nounForm).join(" "));
      }
    }
    run = [];
  };
  for (const token of tokens) {
    const lower = token.value.toLowerCase();
    const usable =
      NOUNISH.has(token.pos) &&
      !token.stop &&
      /^\p{L}[\p{L}'’-]*$/u.test(token.value) &&
      token.value.length > 1 &&
      !people.has(lower) &&
      !NOT_ENTITIES.has(lower) &&
      !(token.pos === "PROPN" && GIVEN_NAMES.has(lower));
    if (usable) run.push(token);
    else flush();
  }
  flush();
  return phrases;
}

/**
 * The segment's most salient phrases: frequent in it (counting more in its central sentences), used by several
 * speakers, rare in other segments, multi-word phrases preferred. A recap repeats every subject, so it does not
 * count as "elsewhere".
 */
function namePhrases(
  segments: readonly Sentence[][],
  scores: readonly number[],
  people: ReadonlySet<string>,
  recaps: ReadonlySet<number>,
): string[][] {
  const raw = segments.map(() => new Map<string, number>());
  const voices = segments.map(() => new Map<string, Set<string>>());
  const counts = segments.map((segment, k) => {
    const counts = new Map<string, number>();
    for (const sentence of segment) {
      const phrases = new Set(phrasesOf(sentence.tokens, people));
      addCounts(counts, phrases, 1 + 3 * (scores[sentence.index] ?? 0));
      addCounts(raw[k] as Map<string, number>, phrases);
      for (const phrase of phrases) {
        const speakers = voices[k]?.get(phrase) ?? new Set<string>();
        speakers.add(sentence.speaker ?? "");
        voices[k]?.set(phrase, speakers);
      }
    }
    return counts;
  });
  const spread = new Map<string, number>();
  counts.forEach((c, k) => {
    if (!recaps.has(k)) addCounts(spread, c.keys());
  });
  const others = segments.length - recaps.size;
  return counts.map((c, k) => {
    const ranked = [...c]
      .map(([phrase, tf]) => {
        const words = phrase.split(" ").length;
        const idf = Math.log(1 + Math.max(1, others) / Math.max(1, spread.get(phrase) ?? 1));
        // A phrase said once is as likely an aside as a subject; a subject is one several people talk about.
        const repeated = (raw[k]?.get(phrase) ?? 0) > 1 ? 1 : 0.4;
        const shared = Math.sqrt(voices[k]?.get(phrase)?.size ?? 1);
        return { phrase, score: tf * idf * (words > 1 ? 2 : 1) * repeated * shared };
      })
      .sort((a, b) => b.score - a.score || a.phrase.localeCompare(b.phrase));
    const picked: string[] = [];
    for (const { phrase } of ranked) {
      const words = new Set(phrase.toLowerCase().split(" "));
      if (
        picked.some((p) =>
          p
            .toLowerCase()
            .split(" ")
            .some((w) => words.has(w)),
        )
      )
        continue;
      picked.push(phrase);
      if (picked.length === 2) break;
    }
    return picked;
  });
}

/** The noun phrase a cue introduces: "Last topic, the Berlin pilot." → "Berlin pilot". */
function cueLabel(sentence: Sentence): string | null {
  if (RECAP_CUE.test(sentence.text)) return RECAP_LABEL;
  const cue = TOPIC_CUE.exec(sentence.text);
  if (!cue) return null;
  const words: string[] = [];
  for (const token of sentence.tokens) {
    if (token.from < cue[0].length) continue;
    if (words.length === 0 && (token.pos === "PUNCT" || token.pos === "DET" || token.pos === "ADP")) continue;
    if (!NOUNISH.has(token.pos) || words.length === 4) break;
    words.push(token.pos === "PROPN" ? token.value : token.value.toLowerCase());
  }
  return words.length > 0 ? words.join(" ") : null;
}

function mainSpeakers(sentences: readonly Sentence[]): string[] {
  const words = new Map<string, number>();
  for (const s of sentences) if (s.speaker) words.set(s.speaker, (words.get(s.speaker) ?? 0) + s.words);
  const total = [...words.values()].reduce((a, b) => a + b, 0);
  return [...words]
    .sort((a, b) => b[1] - a[1])
    .filter(([, w], k) => k === 0 || w >= total * 0.2)
    .slice(0, 3)
    .map(([name]) => name);
}

interface Segment {
  sentences: Sentence[];
  label: string;
  name: string;
  recap: boolean;
}

/** Names each segment; neighbours that come out with the same subject were one topic and are joined. */
function nameSegments(
  sentences: readonly Sentence[],
  scores: readonly number[],
  people: ReadonlySet<string>,
): Segment[] {
  const starts = [0, ...boundaries(sentences)];
  const parts = starts.map((start, k) => sentences.slice(start, starts[k + 1] ?? sentences.length));
  const cued = parts.map(
    (part) =>
      part
        .slice(0, 2)
        .map(cueLabel)
        .find((l) => l !== null) ?? null,
  );
  const recaps = new Set(cued.flatMap((label, k) => (label === RECAP_LABEL ? [k] : [])));
  const names = namePhrases(parts, scores, people, recaps);
  const segments: Segment[] = [];
  parts.forEach((part, k) => {
    const [first, second] = names[k] ?? [];
    const label = cued[k] ?? first ?? `part ${k + 1}`;
    const previous = segments[segments.length - 1];
    if (previous && previous.label.toLowerCase() === label.toLowerCase()) {
      previous.sentences.push(...part);
      return;
    }
    const labelWords = new Set(label.toLowerCase().split(" "));
    const extra = [first, second].find(
      (p) =>
        p &&
        !p
          .toLowerCase()
          .split(" ")
          .some((w) => labelWords.has(w)),
    );
    let name = capitalize(extra && !recaps.has(k) ? `${label} and ${extra}` : label);
    // A subject the meeting comes back to later keeps its name, marked as a return to it.
    if (segments.some((s) => s.name === name)) name = `${name} (continued)`;
    segments.push({ sentences: [...part], label, name, recap: recaps.has(k) });
  });
  return segments;
}

/** Topics in order of appearance, each named from its salient phrases and described by its central sentences. */
export function detectTopics(
  sentences: readonly Sentence[],
  scores: readonly number[],
  people: ReadonlySet<string>,
  end: number,
): Topic[] {
  if (sentences.length === 0) return [];
  const segments = nameSegments(sentences, scores, people);
  return segments.map((segment, k) => {
    const [central, ...rest] = pickDistinct(segment.sentences, scores, 4).sort(
      (a, b) => (scores[b.index] ?? 0) - (scores[a.index] ?? 0),
    );
    const from = markerTime((segment.sentences[0] as Sentence).start);
    const to = markerTime(segments[k + 1]?.sentences[0]?.start ?? end);
    const speakers = mainSpeakers(segment.sentences);
    const when = `Discussed from ${from} to ${to}${speakers.length > 0 ? `, mainly by ${joinList(speakers)}` : ""}.`;
    const centralText = central ? tidySentence(central.text) : null;
    return {
      recap: segment.recap,
      name: segment.name,
      label: segment.label,
      description: centralText ? `${centralText} ${when}` : when,
      keyPoints: rest.sort((a, b) => a.index - b.index).map((s) => tidySentence(s.text)),
      central: centralText,
      when,
    };
  });
}

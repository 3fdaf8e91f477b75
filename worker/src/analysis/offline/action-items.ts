import { participantIndex } from "./entities";
import { GIVEN_NAMES, MONTHS } from "./gazetteer";
import type { EntityMention, Sentence, Token } from "./sentences";
import { overlap } from "./text";

export interface ActionItem {
  /** Full name when the transcript names the person; "X's team"; null for "we" or an unknown voice. */
  owner: string | null;
  /** A verb phrase in the base form: "send the revised budget". */
  task: string;
  /** "by Friday", "today", "on August 16th". */
  due: string | null;
  /** Where it was first said. */
  sentence: number;
  /** Every sentence that stated it (discussion and recap). */
  sentences: number[];
  terms: Set<string>;
  /** Lemma of the task's verb and stem of its object's head noun ("draft the export requirements" → requir). */
  verb: string;
  head: string | null;
}

/** "Priya Raman: send the revised budget — by Friday". */
export function formatActionItem(item: ActionItem): string {
  const task = item.owner ? item.task : item.task.charAt(0).toUpperCase() + item.task.slice(1);
  return `${item.owner ? `${item.owner}: ` : ""}${task}${item.due ? ` — ${item.due}` : ""}`;
}

type Kind = "commitment" | "request" | "weak" | "scheduled";

interface Candidate extends ActionItem {
  kind: Kind;
  turn: number;
  speaker: string | null;
  vague: boolean;
}

const LEAD_IN = new Set(
  "so okay ok and but yes yeah sure also then great good perfect well right alright now oh fine understood".split(" "),
);
const ADVERBS = new Set("also then just personally definitely still really probably first quickly actually".split(" "));
const OWNING_VERBS = new Set(["own", "take", "handle", "lead", "drive"]);
const LIGHT_VERBS = new Set(["be", "have", "do", "get", "make", "go", "say", "think", "know", "want"]);
const OBJECT_POS = new Set(["NOUN", "PROPN", "ADJ", "NUM"]);
const AFTER_SPLIT_VERB = new Set(["DET", "PRON", "ADP", "PART", "ADV", "PROPN", "NUM"]);
const CLAUSE_BREAK_WORDS = new Set(["because", "if", "unless", "although", "though", "whereas", "which", "so"]);
const DUE_PREPOSITIONS = new Set(["by", "before", "until", "till", "on"]);
const NOT_DUE_PREPOSITIONS = new Set(["for", "in", "from", "after", "of", "at", "since", "during"]);
const TIME_CLAUSE = new Set(["before", "after", "until", "once", "when"]);
const PAST = /^(?:last|yesterday|earlier|ago)\b/i;
const MONTH_END = new RegExp(`(?:${MONTHS})$`, "i");
// Deliverables whose content is named in the sentence before ("We need X. Tom, please draft a proposal.").
const GENERIC_DELIVERABLES = new Set(
  "proposal plan draft doc document write-up writeup summary outline estimate ticket list memo brief spec design".split(
    " ",
  ),
);

const lower = (t: Token | undefined) => t?.normal ?? "";

interface Subject {
  owner: string | null;
  /** Index of the first token after the subject. */
  next: number;
  vocative: boolean;
}

/** Clause ranges [from, to): split at ";", ", and/but/so", and "and" followed by a new subject. */
function clauses(tokens: readonly Token[]): [number, number][] {
  const ranges: [number, number][] = [];
  let from = 0;
  for (let k = 0; k < tokens.length; k++) {
    const v = lower(tokens[k]);
    const next = tokens[k + 1];
    const newSubject =
      (v === "and" || v === "but") &&
      next !== undefined &&
      (next.pos === "PRON" || next.pos === "PROPN") &&
      ["AUX", "VERB", "PART"].includes(tokens[k + 2]?.pos ?? "");
    if (v === ";" || (v === "," && next?.pos === "CCONJ") || newSubject) {
      if (k > from) ranges.push([from, k]);
      from = k + 1;
    }
  }
  if (from < tokens.length) ranges.push([from, tokens.length]);
  return ranges;
}

function isNameToken(token: Token | undefined, people: Map<string, string>): boolean {
  if (token?.pos !== "PROPN" || !/^\p{Lu}/u.test(token.value)) return false;
  return people.has(token.value.toLowerCase()) || GIVEN_NAMES.has(token.value.toLowerCase());
}

/** A name at k (one or two words), resolved to the participant's full name when there is one. */
function readName(
  tokens: readonly Token[],
  k: number,
  people: Map<string, string>,
): { name: string; next: number } | null {
  const first = tokens[k];
  if (!first || !isNameToken(first, people)) return null;
  const second = tokens[k + 1];
  if (second?.pos === "PROPN" && /^\p{Lu}/u.test(second.value)) {
    const full = `${first.value} ${second.value}`;
    return { name: people.get(full.toLowerCase()) ?? full, next: k + 2 };
  }
  return { name: people.get(first.value.toLowerCase()) ?? first.value, next: k + 1 };
}

function readSubject(
  tokens: readonly Token[],
  k: number,
  speaker: string | null,
  people: Map<string, string>,
): Subject | null {
  const v = lower(tokens[k]);
  if (v === "i") return { owner: speaker, next: k + 1, vocative: false };
  if (v === "we") return { owner: null, next: k + 1, vocative: false };
  const name = readName(tokens, k, people);
  if (!name) return null;
  if (lower(tokens[name.next]) === ",") return { owner: name.name, next: name.next + 1, vocative: true };
  if (lower(tokens[name.next]) === "'s" && lower(tokens[name.next + 1]) === "team") {
    return { owner: `${name.name}'s team`, next: name.next + 2, vocative: false };
  }
  return { owner: name.name, next: name.next, vocative: false };
}

const skipAdverbs = (tokens: readonly Token[], k: number) => {
  let j = k;
  while (ADVERBS.has(lower(tokens[j]))) j++;
  return j;
};

const isVerbAt = (tokens: readonly Token[], k: number) => {
  const t = tokens[k];
  if (!t) return false;
  if (t.pos === "VERB") return true;
  // After a modal the tagger reads "have"/"do" as auxiliaries and some verbs as nouns ("will email").
  const afterModal = ["AUX", "PART"].includes(tokens[k - 1]?.pos ?? "");
  return afterModal && (t.pos === "NOUN" || (t.pos === "AUX" && (t.lemma === "have" || t.lemma === "do")));
};

/** After a vocative ("Tom, …"): "please X", "can you X", "you own X", "you'll X". */
function readRequest(tokens: readonly Token[], k: number): number | null {
  let j = k;
  if (lower(tokens[j]) === "please") return isVerbAt(tokens, j + 1) ? j + 1 : null;
  if (["can", "could", "would", "will"].includes(lower(tokens[j])) && lower(tokens[j + 1]) === "you") {
    j = skipAdverbs(tokens, j + 2);
    if (lower(tokens[j]) === "please") j++;
    return isVerbAt(tokens, j) ? j : null;
  }
  if (lower(tokens[j]) !== "you") return null;
  j = skipAdverbs(tokens, j + 1);
  if (OWNING_VERBS.has(tokens[j]?.lemma ?? "")) return j;
  return readModal(tokens, j)?.verb ?? null;
}

/** "will X", "'ll X", "am going to X", "need(s) to X", "have to X", "must X", "can X" → the verb's index. */
function readModal(tokens: readonly Token[], k: number): { verb: number; weak: boolean } | null {
  let j = skipAdverbs(tokens, k);
  const v = lower(tokens[j]);
  const lemma = tokens[j]?.lemma ?? "";
  let weak = false;
  if (lemma === "will" || v === "shall" || v === "must") j++;
  else if (v === "can") {
    weak = true;
    j++;
  } else if (lemma === "be" && lower(tokens[j + 1]) === "going" && lower(tokens[j + 2]) === "to") j += 3;
  else if ((lemma === "need" || lemma === "have") && lower(tokens[j + 1]) === "to") j += 2;
  else return null;
  j = skipAdverbs(tokens, j);
  // "we'll need to X", "I'll have to X"
  if (["need", "have"].includes(tokens[j]?.lemma ?? "") && lower(tokens[j + 1]) === "to")
    j = skipAdverbs(tokens, j + 2);
  return isVerbAt(tokens, j) ? { verb: j, weak } : null;
}

/** Where the task ends: before a reason, condition or new clause ("…, so that finance can review it"). */
function taskEnd(tokens: readonly Token[], from: number, to: number): number {
  for (let k = from + 1; k < to; k++) {
    const t = tokens[k] as Token;
    const v = lower(t);
    if (t.pos === "SCONJ" && CLAUSE_BREAK_WORDS.has(v)) return k;
    if (v === "because" || v === "unless") return k;
    if (v === "," && (CLAUSE_BREAK_WORDS.has(lower(tokens[k + 1])) || tokens[k + 1]?.pos === "PRON")) return k;
    if (v === "?" || v === "!" || (v === "." && k === to - 1)) return k;
  }
  return to;
}

interface Due {
  text: string;
  /** Token range to leave out of the task text. */
  from: number;
  to: number;
}

/** The deadline inside [from, to), if a date there reads as one ("by Friday", "today", "with a target of …"). */
function findDue(sentence: Sentence, from: number, to: number): Due | null {
  const { tokens } = sentence;
  const dates: EntityMention[] = [];
  sentence.entities.forEach((e, k) => {
    if (e.first < from || e.last >= to) return;
    if (!["DATE", "TIME", "DURATION"].includes(e.type)) return;
    const next = sentence.entities[k + 1];
    // wink splits "by August 11th" into a date and an ordinal.
    if (next?.type === "ORDINAL" && next.first === e.last + 1 && MONTH_END.test(e.value)) {
      dates.push({ ...e, value: `${e.value} ${next.value}`, last: next.last });
    } else if (e.type !== "DURATION" || new RegExp(`\\b(?:${MONTHS})\\b`, "i").test(e.value)) dates.push(e);
  });
  for (const date of dates.reverse()) {
    if (PAST.test(date.value)) continue;
    let start = date.first;
    let prefix = "";
    const before = lower(tokens[start - 1]);
    const firstWord = lower(tokens[start]);
    if (DUE_PREPOSITIONS.has(firstWord)) {
      // The preposition is already part of the date ("by August").
    } else if (before === "the" && DUE_PREPOSITIONS.has(lower(tokens[start - 2]))) {
      start -= 2;
    } else if (DUE_PREPOSITIONS.has(before)) {
      start -= 1;
    } else if (before === "of" && ["target", "deadline"].includes(lower(tokens[start - 2]))) {
      start -= 3;
      if (lower(tokens[start - 1]) === "with") start -= 1;
      if (lower(tokens[start - 1]) === ",") start -= 1;
      prefix = "by ";
    } else if (NOT_DUE_PREPOSITIONS.has(before)) {
      continue;
    }
    const spoken = sliceText(sentence, prefix ? date.first : start, date.last + 1, null);
    return { text: `${prefix}${spoken}`.replace(/^the /i, ""), from: start, to: date.last + 1 };
  }
  return null;
}

/** The sentence's own text for tokens [from, to), leaving out one token range. */
function sliceText(sentence: Sentence, from: number, to: number, skip: { from: number; to: number } | null): string {
  let out = "";
  let previousEnd = -1;
  for (let k = from; k < to; k++) {
    if (skip && k >= skip.from && k < skip.to) {
      previousEnd = -1;
      continue;
    }
    const t = sentence.tokens[k] as Token;
    if (out.length > 0) out += previousEnd >= 0 ? sentence.text.slice(previousEnd, t.from) : " ";
    out += t.value;
    previousEnd = t.from + t.value.length;
  }
  return out.replace(/\s+/g, " ").trim();
}

function objectCount(tokens: readonly Token[], from: number, to: number, skip: Due | null): number {
  let count = 0;
  for (let k = from; k < to; k++) {
    if (skip && k >= skip.from && k < skip.to) continue;
    const t = tokens[k] as Token;
    if (OBJECT_POS.has(t.pos) && !t.stop) count++;
  }
  return count;
}

/** Coordinated verb phrases ("implement X by Wednesday and add Y") as separate ranges, if each stands alone. */
function splitCoordinated(tokens: readonly Token[], from: number, to: number): [number, number][] {
  const parts: [number, number][] = [];
  let start = from;
  for (let k = from + 1; k < to - 1; k++) {
    if (lower(tokens[k]) !== "and" || tokens[k + 1]?.pos !== "VERB") continue;
    if (!AFTER_SPLIT_VERB.has(tokens[k + 2]?.pos ?? "")) continue;
    if (objectCount(tokens, start, k, null) === 0 || objectCount(tokens, k + 1, to, null) === 0) continue;
    parts.push([start, k]);
    start = k + 1;
  }
  parts.push([start, to]);
  return parts;
}

/** The head noun of the verb's object: the last noun of the first noun run after the verb. */
function objectHead(tokens: readonly Token[], from: number, to: number, skip: Due | null): string | null {
  let head: string | null = null;
  for (let k = from + 1; k < to; k++) {
    if (skip && k >= skip.from && k < skip.to) break;
    const t = tokens[k] as Token;
    if (t.pos === "NOUN" || t.pos === "PROPN") head = t.stem;
    else if (head !== null || !["DET", "ADJ", "ADP", "PART", "NUM", "PRON"].includes(t.pos)) break;
  }
  return head;
}

function buildTask(sentence: Sentence, from: number, to: number, due: Due | null): string {
  const { tokens } = sentence;
  let end = to;
  // Drop trailing punctuation and a dangling participle left by the deadline ("…, merged by August 11th").
  while (end > from && ["PUNCT", "CCONJ"].includes((tokens[end - 1] as Token).pos) && !(due && end - 1 >= due.to))
    end--;
  let text = sliceText(sentence, from, end, due);
  text = text.replace(/,?\s*(?:merged|done|finished|completed|ready|shipped|delivered|live)\s*$/i, "");
  text = text.replace(/[\s,;:.]+$/, "");
  const verb = tokens[from] as Token;
  // "joins the payments work" → "join the payments work": items read as instructions.
  return verb.pos === "VERB" && verb.lemma && text.startsWith(verb.value)
    ? verb.lemma + text.slice(verb.value.length)
    : text;
}

function candidatesIn(sentence: Sentence, people: Map<string, string>, nextSpeaker: string | null): Candidate[] {
  const { tokens } = sentence;
  const found: Candidate[] = [];
  for (const [from, to] of clauses(tokens)) {
    let k = from;
    while (k < to && (LEAD_IN.has(lower(tokens[k])) || tokens[k]?.pos === "PUNCT" || tokens[k]?.pos === "INTJ")) k++;
    let owner: string | null;
    let verb: number | null = null;
    let kind: Kind = "commitment";
    const subject = readSubject(tokens, k, sentence.speaker, people);
    if (subject?.vocative) {
      owner = subject.owner;
      verb = readRequest(tokens, subject.next);
      kind = "request";
    } else if (subject) {
      owner = subject.owner;
      const modal = readModal(tokens, subject.next);
      if (modal) {
        verb = modal.verb;
        kind = modal.weak ? "weak" : "commitment";
        if (modal.weak && lower(tokens[k]) !== "i") verb = null;
      } else if (
        subject.owner &&
        lower(tokens[k]) !== "i" &&
        tokens[subject.next]?.pos === "VERB" &&
        /s$/.test(tokens[subject.next]?.value ?? "")
      ) {
        // "Jamal joins the payments work on August 16th": a named person's scheduled step.
        verb = subject.next;
        kind = "scheduled";
      }
    } else {
      // A request with no name ("Can you send it by Friday?") falls to whoever answers.
      owner = nextSpeaker;
      verb = readRequest(tokens, k);
      kind = "request";
    }
    if (verb === null) continue;
    const end = taskEnd(tokens, verb, to);
    for (const [partFrom, partTo] of splitCoordinated(tokens, verb, end)) {
      const due = findDue(sentence, partFrom, partTo);
      if (kind === "scheduled" && !due) continue;
      const task = buildTask(sentence, partFrom, partTo, due);
      const verbLemma = tokens[partFrom]?.lemma ?? "";
      const objects = objectCount(tokens, partFrom, partTo, due);
      // Words of the task itself: a trailing "before the next release" says when, not what, so two different
      // tasks with the same time clause do not look alike.
      const terms = new Set<string>();
      for (let j = partFrom; j < partTo; j++) {
        const t = tokens[j] as Token;
        if (j > partFrom + 1 && TIME_CLAUSE.has(lower(t))) break;
        if (due && j >= due.from && j < due.to) continue;
        if (!t.stop && t.pos !== "PUNCT" && /\p{L}|\d/u.test(t.value)) terms.add(t.stem);
      }
      found.push({
        owner,
        task,
        due: due?.text ?? null,
        sentence: sentence.index,
        sentences: [sentence.index],
        terms,
        verb: verbLemma,
        head: objectHead(tokens, partFrom, partTo, due),
        kind,
        turn: sentence.turn,
        speaker: sentence.speaker,
        vague: objects === 0 || (objects === 1 && LIGHT_VERBS.has(verbLemma)),
      });
    }
  }
  return found;
}

/** Whether two items are one task worded twice: mostly the same words, the same verb on a shared word, or the same object. */
function sameTask(a: ActionItem, b: ActionItem): boolean {
  if (overlap(a.terms, b.terms) >= 0.5) return true;
  let shared = 0;
  for (const term of a.terms) if (b.terms.has(term)) shared++;
  if (shared >= 3) return true;
  if (a.verb === b.verb && shared >= 2) return true;
  return a.owner !== null && a.owner === b.owner && a.head !== null && a.head === b.head;
}

function informativeness(item: ActionItem): number {
  return item.terms.size + (item.due ? 1 : 0);
}

/**
 * Action items with owner and due date. Requests ("Tom, please …", "can you …"), commitments ("I'll …",
 * "David will …"), obligations ("we need to …") and scheduled steps of named people are found per clause; a
 * vague reply ("I'll have that by Monday") lends its deadline to the request it answers; items said twice
 * (in discussion and again in a recap) are merged, keeping the more informative wording.
 */
export function extractActionItems(sentences: readonly Sentence[], participants: readonly string[]): ActionItem[] {
  const people = participantIndex(participants);
  const items: Candidate[] = [];
  // Who speaks after each turn: the addressee of a request made without a name.
  const nextSpeaker = new Map<number, string | null>();
  for (let k = sentences.length - 1; k > 0; k--) {
    const current = sentences[k] as Sentence;
    const previous = sentences[k - 1] as Sentence;
    if (current.turn !== previous.turn)
      nextSpeaker.set(previous.turn, current.speaker !== previous.speaker ? current.speaker : null);
  }
  sentences.forEach((sentence) => {
    for (const candidate of candidatesIn(sentence, people, nextSpeaker.get(sentence.turn) ?? null)) {
      if (candidate.vague || candidate.kind === "weak") {
        // A reply to a request made to this speaker in the last two turns: the request gains the deadline.
        const request = [...items]
          .reverse()
          .find(
            (i) =>
              i.kind === "request" && i.owner !== null && i.owner === candidate.speaker && candidate.turn - i.turn <= 2,
          );
        if (request) {
          request.due ??= candidate.due;
          request.sentences.push(candidate.sentence);
          continue;
        }
        if (candidate.vague || !candidate.due) continue;
      }
      const previous = items[items.length - 1];
      const lastWord = candidate.task.split(" ").pop()?.toLowerCase() ?? "";
      if (
        previous &&
        previous.owner === null &&
        candidate.owner !== null &&
        previous.turn === candidate.turn &&
        candidate.sentence - previous.sentence <= 1 &&
        GENERIC_DELIVERABLES.has(lastWord)
      ) {
        // "We need to set up X. Tom, please draft a proposal." → Tom drafts a proposal to set up X.
        items.pop();
        candidate.task = `${candidate.task} to ${previous.task}`;
        candidate.due ??= previous.due;
        for (const t of previous.terms) candidate.terms.add(t);
        candidate.sentence = previous.sentence;
        candidate.sentences.unshift(previous.sentence);
      }
      items.push(candidate);
    }
  });

  const merged: ActionItem[] = [];
  for (const item of items) {
    const twin = merged.find(
      (m) => (m.owner === item.owner || m.owner === null || item.owner === null) && sameTask(m, item),
    );
    if (!twin) {
      const { owner, task, due, sentence, sentences, terms, verb, head } = item;
      merged.push({ owner, task, due, sentence, sentences, terms, verb, head });
      continue;
    }
    if (informativeness(item) > informativeness(twin)) {
      twin.task = item.task;
      twin.verb = item.verb;
      twin.head = item.head;
      twin.due = item.due ?? twin.due;
    } else twin.due ??= item.due;
    twin.owner ??= item.owner;
    twin.sentences.push(...item.sentences);
    for (const t of item.terms) twin.terms.add(t);
  }
  return merged;
}

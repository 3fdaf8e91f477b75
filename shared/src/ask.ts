import { z } from "zod";
import { foldToken, queryWords } from "./search-text";
import { markerTime } from "./time-marker";

// "Ask this meeting" and "Ask my library" (docs/architecture/ask.md): a question about one transcription, or about
// every transcription of a space, answered from their own lines. The shapes here are the wire contract of
// POST /api/transcriptions/{id}/ask and POST /api/library/ask (text/event-streams of AskEvent), and of their kept
// answers; the word rules are shared so the web app's offline answers pick and cite lines as the server does.

/** The longest question accepted (characters, after trimming). */
export const ASK_MAX_QUESTION = 500;

/** The answer when no line of the meeting matches the question; the web app shows its own translation. */
export const NOT_FOUND_ANSWER = "I couldn't find that in this meeting";
/** The same, for a question asked of a whole library. */
export const NOT_FOUND_IN_LIBRARY = "I couldn't find that in your library";

export const askQuestionSchema = z.object({
  question: z
    .string()
    .trim()
    .min(1, "Type a question")
    .max(ASK_MAX_QUESTION, `A question is at most ${ASK_MAX_QUESTION} characters`),
});
export type AskQuestion = z.infer<typeof askQuestionSchema>;

/** The transcription a line of a library's answer comes from. */
export const askMeetingSchema = z.object({ id: z.string(), title: z.string() });

/**
 * One transcript line given as evidence: `hit` when it matched the question, else context beside a hit. A line of
 * a library's answer names its transcription (`meeting`).
 */
export const askPassageSchema = z.object({
  start: z.number().nonnegative(),
  speaker: z.string().nullable(),
  text: z.string(),
  hit: z.boolean(),
  meeting: askMeetingSchema.optional(),
});
export type AskPassage = z.infer<typeof askPassageSchema>;

/**
 * How the answer was written: by the language model from the passages, quoted from them (no model, or it failed:
 * `fallback` says why), or nothing matched.
 */
export const ASK_MODES = ["model", "extractive", "not-found"] as const;
export const ASK_FALLBACKS = ["no-model", "model-failed"] as const;

export const askAnswerSchema = z.object({
  question: z.string(),
  answer: z.string(),
  mode: z.enum(ASK_MODES),
  fallback: z.enum(ASK_FALLBACKS).nullable(),
  passages: z.array(askPassageSchema),
  askedAt: z.string(),
});
export type AskAnswer = z.infer<typeof askAnswerSchema>;

export const askAnswerListSchema = z.object({ answers: z.array(askAnswerSchema) });
export type AskAnswerList = z.infer<typeof askAnswerListSchema>;

/** The events of the answer's stream, one JSON object per `data:` line: the passages, text as written, the end. */
export const askEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("passages"), passages: z.array(askPassageSchema) }),
  z.object({ type: z.literal("delta"), text: z.string() }),
  z.object({ type: z.literal("done"), answer: askAnswerSchema }),
]);
export type AskEvent = z.infer<typeof askEventSchema>;

// Words that say nothing about what is asked, in the interface's four languages. The index itself is not
// language-aware, so neither is this list: a word is dropped whatever the meeting's language.
const STOP_WORDS = new Set(
  `a an and are as at be been but by can could did do does for from had has have how i if in is it its me my of on or
  our so that the their them then there these they this to was we were what when where which who whom whose why will
  with would you your about any did doing into than too very just also should shall may might must
  el la los las un una unos unas y o de del al en es son que qué quien quién cuando cuándo donde dónde como cómo por
  para con se lo le les su sus mi tu nos ha han fue era está están hay cuál cuáles pero sobre
  le la les un une des et ou de du au aux en est sont que qui quoi quand où comment pourquoi par pour avec se ce cette
  ces il elle ils elles nous vous on a ont été était sur dans quel quelle quels quelles ne pas
  der die das den dem des ein eine einen einem einer und oder von zu zum zur im in ist sind was wer wann wo wie warum
  mit für auf an es er sie wir ihr ich hat haben wird werden war wurde dass nicht welche welcher welches`
    .split(/\s+/)
    .filter(Boolean)
    .map(foldToken),
);

/** The question's content words (as indexed text, folded), stop words and repeats removed. */
export function contentWords(question: string): string[] {
  const words = queryWords(question)
    .map(foldToken)
    .filter((w) => !STOP_WORDS.has(w));
  return [...new Set(words)];
}

/** The matching lines an answer is written from (each comes with a line of context either side). */
export const ASK_HITS = 8;

/** A line as the model reads it and the answer cites it. */
export const passageLine = (p: Pick<AskPassage, "start" | "speaker" | "text">) =>
  `[${markerTime(p.start)}] ${p.speaker ? `${p.speaker}: ` : ""}${p.text}`;

/**
 * The passages as a language model reads them: each line with its citation; across a library, each meeting's lines
 * under its title.
 */
export function passagesText(passages: AskPassage[]): string {
  const lines: string[] = [];
  let meeting: string | undefined;
  for (const p of passages) {
    if (p.meeting && p.meeting.id !== meeting) {
      if (meeting !== undefined) lines.push("");
      lines.push(p.meeting.title);
      meeting = p.meeting.id;
    }
    lines.push(passageLine(p));
  }
  return lines.join("\n");
}

/** An extractive answer: the matching lines, in the recording's order, each with its citation. */
export const extractiveAnswer = (passages: AskPassage[]) => passagesText(passages.filter((p) => p.hit));

/**
 * The line a `[mm:ss]` citation points to: the first passage at that time. A library's passages come best meeting
 * first, so when two meetings have a line at the same second the citation goes to the better match.
 */
export const citedPassage = (passages: AskPassage[], seconds: number) =>
  passages.find((p) => markerTime(p.start) === markerTime(seconds));

// Inputs shared by the analysis tests (imported by *.test.ts files only).
import type { AnalysisInput } from "./types";

/** A "Name: text" transcript as one segment per paragraph, timed at 150 words a minute, with no speaker field. */
export function segmentsFromText(text: string, language: string | null = null): AnalysisInput {
  let time = 0;
  const segments = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p) => {
      const start = time;
      time += p.split(/\s+/).length / 2.5;
      return { start, end: time, text: p };
    });
  return { segments, language, duration: 0 };
}

const SUBJECTS = [
  ["database", "migration", "schema", "index", "query", "replica", "backup", "Postgres", "latency", "storage"],
  ["marketing", "campaign", "budget", "launch", "audience", "newsletter", "agency", "brand", "webinar", "press"],
  ["hiring", "candidate", "interview", "recruiter", "offer", "onboarding", "salary", "role", "referral", "contract"],
  ["security", "audit", "password", "access", "incident", "firewall", "certificate", "vendor", "phishing", "token"],
];
const VERBS = ["review", "update", "finish", "plan", "check", "measure", "improve", "document", "test", "simplify"];

/**
 * A long recognised-speech transcript with no speaker labels: four subjects in turn, ~12-word segments with
 * short gaps and an occasional long pause. Deterministic (seeded), so failures reproduce.
 */
export function generatedTranscript(words: number, options: { punctuated?: boolean } = {}): AnalysisInput {
  let seed = 42;
  const random = (n: number) => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  const pick = (list: readonly string[]) => list[random(list.length)] as string;
  const forms: ((w: readonly string[]) => string)[] = [
    (w) => `We need to ${pick(VERBS)} the ${pick(w)} ${pick(w)} before the next release.`,
    (w) => `The ${pick(w)} is still the main risk for the ${pick(w)} work this quarter.`,
    (w) => `I think the ${pick(w)} team should ${pick(VERBS)} the ${pick(w)} plan by Friday.`,
    (w) => `Can we ${pick(VERBS)} the ${pick(w)} numbers again next week?`,
    (w) => `Last month the ${pick(w)} costs went up by ${random(40) + 2} percent because of the ${pick(w)}.`,
    (w) => `Everyone agreed that the ${pick(w)} ${pick(w)} looks much better than it did in the spring.`,
  ];
  const segments: AnalysisInput["segments"] = [];
  let count = 0;
  let time = 0;
  while (count < words) {
    const subject = SUBJECTS[Math.min(SUBJECTS.length - 1, Math.floor((count / words) * SUBJECTS.length))] as string[];
    let text = (forms[random(forms.length)] as (w: readonly string[]) => string)(subject);
    if (options.punctuated === false) text = text.toLowerCase().replace(/[.,?]/g, "");
    const n = text.split(/\s+/).length;
    count += n;
    segments.push({ start: time, end: time + n / 2.5, text });
    time += n / 2.5 + (segments.length % 9 === 0 ? 2.5 : 0.3);
  }
  return { segments, language: null, duration: time };
}

export const SWEDISH_MEETING = `Anna Lind: Hej allihop och välkomna till veckans möte. Vi har tre saker att gå igenom i dag.

Erik Berg: Först budgeten. Vi har fått nya siffror från ekonomi och det ser bättre ut än förra månaden.

Anna Lind: Bra. Hur mycket har kostnaderna ökat sedan i våras?

Erik Berg: Ungefär fem procent, men det är inom ramen för det vi planerade.

Anna Lind: Kan du skicka siffrorna till mig före fredag?

Erik Berg: Ja, det gör jag. Ska vi också prata om lanseringen i Stockholm?

Anna Lind: Ja, men vi tar det nästa vecka när alla är här.`;

export const SPANISH_MEETING = `Buenos días a todos. Hoy vamos a revisar el presupuesto del proyecto y el plan de lanzamiento.
¿Quién puede preparar el informe para el viernes? Creo que María tiene los datos más recientes.
¿Cuándo empieza la campaña en Madrid? Necesitamos una fecha clara antes de la próxima reunión.
El equipo de ventas está muy contento con los resultados del último trimestre.`;

/** A valid analysis as a model would write it, with a marker so tests can tell whose text ended up where. */
export function modelAnalysis(marker: string) {
  return {
    summary: `${marker}: the team agreed to move the code freeze to August 15th.`,
    key_points: [`${marker}: code freeze moves to August 15th`, "Priya owns the idempotent sync upload fix"],
    summary_analysis: {
      overview: `${marker} overview`,
      duration: "about ten minutes",
      tone: "Constructive",
      speakers: "Six speakers led by Sarah Chen",
      topics: ["Release timeline", "Payment migration", "Berlin pilot"],
    },
    transcription_details: {
      topics: [
        { name: "Release timeline", description: "Code freeze moves a week.", keyPoints: ["Freeze on August 15th"] },
      ],
      entities: [{ name: "Adyen", type: "organization", mentions: 8 }],
      questions: ["Sarah Chen: Tom, where are we with Adyen?"],
      actionItems: ["Priya Raman: implement the idempotent sync upload — by next Wednesday"],
    },
    informative_summary: `${marker} informative summary`,
  };
}

/** The body of a chat.completions response as OpenAI-compatible servers send it. */
export function chatCompletion(content: string, model = "test-model", finishReason = "stop") {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_700_000_000,
    model,
    choices: [
      { index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: finishReason },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
  };
}

export interface RecordedChat {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string };
  max_tokens?: number;
  seed?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
}

/**
 * A scripted chat model for the fakes: each request gets the next reply (a string, or a function of the
 * request); every request is recorded.
 */
export function scriptedReplies(replies: (ScriptedReply | ((request: RecordedChat) => string))[]) {
  const requests: RecordedChat[] = [];
  return {
    requests,
    next(request: RecordedChat): Exclude<ScriptedReply, string> {
      requests.push(request);
      const reply = replies[Math.min(requests.length, replies.length) - 1];
      const answer = typeof reply === "function" ? reply(request) : (reply ?? "");
      return typeof answer === "string" ? { content: answer, finishReason: "stop" } : answer;
    },
  };
}

/** A scripted reply: its text, or its text and why it ended ("length": cut off at the request's max_tokens). */
export type ScriptedReply = string | { content: string; finishReason: "stop" | "length" };

/** A fetch that answers as an OpenAI-compatible server would, for the openai client inside workerd. */
export function fakeOpenAiFetch(script: ReturnType<typeof scriptedReplies>, options: { status?: number } = {}) {
  const urls: string[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    urls.push(String(url));
    if (options.status)
      return Response.json({ error: { message: "upstream down", type: "server_error" } }, { status: options.status });
    const request = JSON.parse(String(init?.body)) as RecordedChat;
    const reply = script.next(request);
    return Response.json(chatCompletion(reply.content, request.model, reply.finishReason));
  };
  return { fetch: fetch as typeof globalThis.fetch, urls };
}

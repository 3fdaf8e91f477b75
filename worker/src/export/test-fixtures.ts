import type { Segment } from "@verbatim/shared";
import type { ExportDoc } from "./types";

// Test data only: shared by the workerd and Node tests and by the timing script, so it imports nothing from Node.

const base: ExportDoc = {
  id: "00000000-0000-4000-8000-000000000001",
  name: null,
  fileName: "recording.mp3",
  createdAt: "2025-03-14T09:26:53.000Z",
  status: "COMPLETED",
  language: "en",
  duration: null,
  text: null,
  segments: null,
  summary: null,
  keyPoints: null,
  summaryAnalysis: null,
  details: null,
  formattedTranscript: null,
};

/** A short meeting with speakers and every analysis field, and text that needs escaping in each format. */
export const meeting: ExportDoc = {
  ...base,
  name: "Atlas Q3 planning",
  fileName: "atlas-sync.m4a",
  duration: 95.5,
  segments: [
    { start: 0.4, end: 4.25, speaker: "Sarah Chen", text: "Okay, let's get started with the Q3 planning sync." },
    { start: 4.25, end: 9.8, speaker: "Marcus Okafor", text: 'The offline sync is behind, and "flaky" is generous.' },
    {
      start: 9.8,
      end: 15.02,
      speaker: "Priya Raman",
      text: "Make the upload idempotent --> one request ID per order, <b>not</b> two & never three.",
    },
    {
      start: 15.02,
      end: 21.5,
      speaker: "Sarah Chen",
      text: "So the code freeze moves from August 8th\nto August 15th.",
    },
    { start: 61.75, end: 66.3, speaker: "Marcus Okafor", text: "Agreed, a one-week slip, by the way." },
    { start: 66.3, end: 72.0, text: "=SUM(A1:A3) is what finance asked for." },
  ],
  text: "[00:00] Okay, let's get started with the Q3 planning sync.\n[00:04] The offline sync is behind.",
  summary: "The team agreed to move the Atlas 2.4 code freeze by one week.\nThe Adyen migration stays on schedule.",
  keyPoints: ["Offline sync fails on network switches", "Code freeze moves to August 15th"],
  summaryAnalysis: {
    overview: "A planning sync for the Atlas mobile app.",
    duration: "2 minutes",
    tone: "Constructive",
    speakers: "Sarah Chen, Marcus Okafor, Priya Raman",
    topics: ["Release timeline", "Payments"],
  },
  details: {
    topics: [{ name: "Release", description: "Version 2.4 timeline", keyPoints: ["One-week slip"] }],
    entities: [{ name: "Adyen", type: "organization", mentions: 2 }],
    questions: ["How much time does the fix add?"],
    actionItems: ["Marcus to add client-generated request IDs", "Priya to rerun the sync tests on iOS"],
  },
  formattedTranscript: "**Sarah Chen:** Okay, let's get started.",
};

/** Accents, Japanese, Arabic and Hebrew, in speech, speaker names, title and analysis. */
export const multilingual: ExportDoc = {
  ...base,
  id: "00000000-0000-4000-8000-000000000002",
  name: "Réunion Zürich — 日本語の会議",
  fileName: "réunion.wav",
  language: "ja",
  duration: 42,
  segments: [
    { start: 1, end: 6.5, speaker: "Zoë Müller", text: "Café, naïve façade, Ærø — déjà vu in Zürich." },
    { start: 6.5, end: 12.25, speaker: "田中", text: "日本語の会議を始めましょう。今日は予算について話します。" },
    { start: 12.25, end: 18, speaker: "Layla", text: "مرحبا بالعالم" },
    { start: 18, end: 24.5, speaker: "Noa", text: "שלום עולם" },
  ],
  summary: "Un résumé : 日本語の会議 و مرحبا.",
  keyPoints: ["Ærø façade", "予算の確認"],
  details: {
    topics: [],
    entities: [],
    questions: [],
    actionItems: ["Zoë envoie le compte rendu", "田中さんが予算を確認する"],
  },
};

/** Hindi (Devanagari), which fontkit shapes with its Indic engine: conjuncts, pre-base vowel signs, nukta. */
export const hindi: ExportDoc = {
  ...base,
  id: "00000000-0000-4000-8000-000000000006",
  name: "बजट बैठक — तीसरी तिमाही",
  fileName: "बैठक.m4a",
  language: "hi",
  duration: 20,
  segments: [
    { start: 0.5, end: 6, speaker: "प्रिया", text: "नमस्ते, आज हम बजट की समीक्षा करेंगे।" },
    { start: 6, end: 12.5, speaker: "राहुल", text: "क्या ज़रूरी काम अगले हफ़्ते तक पूरे होंगे?" },
  ],
  summary: "टीम ने बजट और समय-सीमा पर चर्चा की।",
  keyPoints: ["बजट की समीक्षा"],
};

/** Only text, as older transcriptions have: markers past 59 minutes, two lines in one second, unmarked lines. */
export const textOnly: ExportDoc = {
  ...base,
  id: "00000000-0000-4000-8000-000000000003",
  name: null,
  fileName: "Board meeting.final.mp4",
  text: [
    "Welcome, everyone.",
    "[00:03] First item.",
    "[00:03] Second line in the same second.",
    "",
    "[00:05] Third, right after.",
    "A note without a marker.",
    "[65:09] An hour later.",
    "[125:30] Two hours in.",
  ].join("\n"),
};

/** Nothing but the required fields. */
export const empty: ExportDoc = { ...base, id: "00000000-0000-4000-8000-000000000004", language: null, text: null };

const SPEAKERS = ["Sarah Chen", "Marcus Okafor", "Priya Raman", "Daniel Berg", "Elena Sousa", "Tom Whitfield"];
const WORDS = (
  "the release timeline for version two point four depends on offline sync and the payment provider migration " +
  "we merged conflict resolution logic last Thursday but integration tests against staging are still flaky " +
  "field sales users switch from wifi to cellular during uploads so the client needs an idempotent request id " +
  "customers in the Berlin pilot asked for faster search better exports and clearer onboarding emails " +
  "finance wants the Adyen contract signed before September while legal reviews data processing terms"
).split(" ");

/**
 * A three-hour meeting: 2,200 segments of about 14 words (30,800 words), six speakers, word timings included, built
 * from a fixed seed so every run measures the same document (another seed gives another document of that size).
 */
export function threeHourMeeting(seed = 42): ExportDoc {
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const segments: Segment[] = [];
  const secondsEach = (3 * 3600) / 2200;
  for (let i = 0; i < 2200; i++) {
    const start = i * secondsEach;
    const count = 10 + Math.floor(random() * 9);
    const words = Array.from({ length: count }, (_, k) => {
      const word = WORDS[Math.floor(random() * WORDS.length)] as string;
      const at = start + (k * secondsEach) / count;
      return { word, start: at, end: at + secondsEach / count };
    });
    const sentence = words.map((w) => w.word).join(" ");
    segments.push({
      start,
      end: start + secondsEach,
      speaker: SPEAKERS[Math.floor(i / 7) % SPEAKERS.length],
      text: `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`,
      words,
    });
  }
  return {
    ...meeting,
    id: "00000000-0000-4000-8000-000000000005",
    name: "Quarterly all-hands",
    duration: 3 * 3600,
    segments,
    text: null,
  };
}

import { analysisResultSchema, DEFAULT_ANALYSIS_PREFERENCES } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import meeting from "../../../../test-fixtures/meetings/atlas-q3-planning.txt?raw";
import { generatedTranscript, SPANISH_MEETING, SWEDISH_MEETING, segmentsFromText } from "../test-support";
import { analyseOffline } from "./index";

const prefs = DEFAULT_ANALYSIS_PREFERENCES;
const result = analyseOffline(segmentsFromText(meeting), prefs);
const details = result.transcription_details;

// The recap near the end of the fixture lists these, plus the on-call proposal Tom is asked for after it.
const EXPECTED_ACTION_ITEMS: [owner: string, task: RegExp][] = [
  ["Priya", /idempoten/i],
  ["Priya", /network switch/i],
  ["David", /Elena/],
  ["David", /Northwind Retail/],
  ["Tom", /rollout plan/i],
  ["Jamal", /payments work/i],
  ["Sarah", /Rachel/],
  ["Marcus", /lazy initiali[sz]ation/i],
  ["Aisha", /requirements/i],
  ["David", /Lingua Partners/],
  ["Priya", /Android 8|numbers by account/i],
  ["Tom", /proposal|on-call/i],
];

const EXPECTED_QUESTIONS: [asker: string, question: string][] = [
  ["Sarah Chen", "Marcus, do you want to kick us off with where engineering stands?"],
  ["Sarah Chen", "How much time do you think that adds to the schedule?"],
  ["Sarah Chen", "Does anyone object to moving the code freeze to August 15th?"],
  ["David Kim", "Is the new date going to be firm?"],
  ["Sarah Chen", "David, can you give Elena and the marketing team a heads up today?"],
  ["Sarah Chen", "Tom, where are we with Adyen?"],
  ["Sarah Chen", "What's the risk if we run both providers in parallel for a while?"],
  ["David Kim", "Do we need legal to review anything before we route real customer payments?"],
  ["Sarah Chen", "Tom, what else do you need?"],
  ["Sarah Chen", "Aisha, can you write up the detailed requirements from the interviews?"],
  ["Sarah Chen", "Is that safe to add given the code freeze is already tight?"],
  ["Aisha Mensah", "What about the translation issues?"],
  ["Aisha Mensah", "Who owns localization now that Lena left?"],
  ["Sarah Chen", "David, is that on the product side?"],
  ["Priya Raman", "Are we still planning to drop support for Android 8 in this release?"],
  ["Sarah Chen", "Priya, can you pull the numbers by account from the analytics dashboard?"],
];

const PARTICIPANTS = ["Sarah Chen", "Marcus Okafor", "Priya Raman", "David Kim", "Tom Becker", "Aisha Mensah"];
const MENTIONED = ["Elena", "Rachel", "Jamal", "Lena"];

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/).filter((s) => s.trim().length > 0);
}

const words = (s: string) => new Set(s.toLowerCase().match(/[a-z0-9]+/g) ?? []);

function nearDuplicates(sentences: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  sentences.forEach((a, i) => {
    for (const b of sentences.slice(i + 1)) {
      const wa = words(a);
      const wb = words(b);
      const shared = [...wa].filter((w) => wb.has(w)).length;
      if (shared / Math.min(wa.size, wb.size) >= 0.8) pairs.push([a, b]);
    }
  });
  return pairs;
}

describe("offline engine on the Atlas Q3 planning meeting", () => {
  it("produces a result that matches the shared schema", () => {
    expect(analysisResultSchema.safeParse(result).success).toBe(true);
    expect(result.engine).toBe("offline");
    expect(result.language).toBe("en");
    expect(result.claude_analysis).toBeNull();
  });

  it("finds the recapped action items with the right owners", () => {
    const missing = EXPECTED_ACTION_ITEMS.filter(
      ([owner, task]) => !details.actionItems.some((item) => item.split(":")[0]?.includes(owner) && task.test(item)),
    );
    // Floor from the brief is 10 of 12; the engine finds all of them.
    expect(missing).toEqual([]);
    expect(details.actionItems.length).toBeLessThanOrEqual(14);
  });

  it("gives the due dates that were stated", () => {
    const item = (re: RegExp) => details.actionItems.find((a) => re.test(a)) ?? "";
    expect(item(/idempoten/i)).toMatch(/— by next Wednesday$/);
    expect(item(/rollout plan/i)).toMatch(/— by Friday$/);
    expect(item(/requirements/i)).toMatch(/— by next Tuesday$/);
    expect(item(/lazy initiali/i)).toMatch(/— by August 11th$/);
    expect(item(/payments work/i)).toMatch(/— on August 16th$/);
    expect(item(/Lingua Partners/)).toMatch(/— by the end of next week$/);
  });

  it("finds all 16 questions with who asked them", () => {
    for (const [asker, question] of EXPECTED_QUESTIONS) expect(details.questions).toContain(`${asker}: ${question}`);
    expect(details.questions).toHaveLength(16);
  });

  it("lists participants and the people they mention as person entities", () => {
    const people = details.entities.filter((e) => e.type === "person").map((e) => e.name);
    for (const name of [...PARTICIPANTS, ...MENTIONED]) expect(people).toContain(name);
    const priya = details.entities.find((e) => e.name === "Priya Raman");
    expect(priya?.mentions).toBeGreaterThanOrEqual(5);
  });

  it("names organisations, places, dates and amounts", () => {
    const typeOf = (name: string) => details.entities.find((e) => e.name === name)?.type;
    expect(typeOf("Adyen")).toBe("organization");
    expect(typeOf("Northwind Retail")).toBe("organization");
    expect(typeOf("Lingua Partners")).toBe("organization");
    expect(typeOf("Berlin")).toBe("place");
    expect(typeOf("Lyon")).toBe("place");
    expect(typeOf("$340,000")).toBe("amount");
    expect(details.entities.find((e) => e.name === "August 15th")).toMatchObject({ type: "date", mentions: 4 });
  });

  it("writes a summary with a lead sentence, decisions and no repeated sentence", () => {
    const sentences = sentencesOf(result.summary);
    expect(sentences[0]).toMatch(/^Six participants \(Sarah Chen, .*\) met for /);
    expect(result.summary).toMatch(/code freeze moves to August 15th/i);
    expect(new Set(sentences).size).toBe(sentences.length);
    expect(nearDuplicates(sentences)).toEqual([]);
  });

  it("segments topics at the chair's cues and names them", () => {
    const names = details.topics.map((t) => t.name);
    expect(names.some((n) => /^Payment migration/.test(n))).toBe(true);
    expect(names.some((n) => /^Berlin pilot/.test(n))).toBe(true);
    expect(result.summary_analysis.topics).toEqual(names);
    for (const topic of details.topics) expect(topic.description).toMatch(/Discussed from \d\d:\d\d to \d\d:\d\d/);
  });

  it("describes duration, speakers and tone", () => {
    expect(result.summary_analysis.duration).toMatch(/^\d+ minutes?/);
    expect(result.summary_analysis.speakers).toMatch(/^6 speakers: Sarah Chen \(\d+% of words/);
    expect(result.summary_analysis.tone.length).toBeGreaterThan(10);
  });

  it("formats the transcript as timestamped speaker paragraphs", () => {
    const paragraphs = result.formatted_transcript.split("\n\n");
    expect(paragraphs.length).toBe(segmentsFromText(meeting).segments.length);
    for (const p of paragraphs)
      expect(p).toMatch(/^\[\d\d:\d\d\] (Sarah Chen|Marcus Okafor|Priya Raman|David Kim|Tom Becker|Aisha Mensah): \S/);
  });

  it("anchors key points to speakers and timestamps", () => {
    expect(result.key_points.length).toBeGreaterThanOrEqual(4);
    expect(result.enhanced_key_points).toHaveLength(result.key_points.length);
    expect(result.enhanced_key_points?.some((p) => p.kind === "action")).toBe(true);
    for (const p of result.enhanced_key_points ?? []) expect(p.timestamp).toMatch(/^\d\d:\d\d$/);
    expect(result.informative_summary).toMatch(/Action items:\n- /);
  });

  it("honours the switches in the user's preferences", () => {
    const off = analyseOffline(segmentsFromText(meeting), {
      ...prefs,
      topicDetection: false,
      actionItemsExtraction: false,
      summaryGeneration: false,
      speakerIdentification: false,
      preferredLanguage: "Swedish",
    });
    expect(off.transcription_details.topics).toEqual([]);
    expect(off.summary_analysis.topics).toEqual([]);
    expect(off.transcription_details.actionItems).toEqual([]);
    expect(off.summary).toBe("");
    expect(off.informative_summary).toBeNull();
    expect(off.formatted_transcript).not.toMatch(/Sarah Chen:/);
    expect(off.transcription_details.questions).toContain("Tom, where are we with Adyen?");
    expect(off.summary_analysis.speakers).toMatch(/turned off/);
    expect(off.notes.join(" ")).toMatch(/Swedish needs a language-model provider/);
  });
});

describe("offline engine on a generated 10,000-word transcript without speaker labels", () => {
  const input = generatedTranscript(10_000);
  const long = analyseOffline(input, prefs);

  it("fills every field", () => {
    expect(analysisResultSchema.safeParse(long).success).toBe(true);
    expect(long.language).toBe("en");
    expect(long.summary.length).toBeGreaterThan(200);
    expect(long.key_points.length).toBeGreaterThanOrEqual(4);
    expect(long.transcription_details.topics.length).toBeGreaterThanOrEqual(2);
    expect(long.transcription_details.questions.length).toBeGreaterThan(10);
    expect(long.transcription_details.actionItems.length).toBeGreaterThan(0);
    expect(long.summary_analysis.speakers).toMatch(/No speaker labels/);
    expect(long.summary_analysis.duration).toMatch(/hour|minutes/);
  });

  it("keeps the summary free of repeated sentences", () => {
    const sentences = sentencesOf(long.summary);
    expect(new Set(sentences).size).toBe(sentences.length);
    expect(nearDuplicates(sentences.slice(1))).toEqual([]);
  });

  it("breaks the transcript into paragraphs at pauses, without speaker prefixes", () => {
    const paragraphs = long.formatted_transcript.split("\n\n");
    expect(paragraphs.length).toBeGreaterThan(50);
    for (const p of paragraphs) expect(p).toMatch(/^\[\d{2,}:\d\d\] [A-Z]/);
  });

  it("copes with recognised speech that has no punctuation at all", () => {
    const bare = analyseOffline(generatedTranscript(10_000, { punctuated: false }), prefs);
    expect(bare.transcription_details.questions.length).toBeGreaterThan(10);
    for (const point of bare.key_points) expect(point.split(" ").length).toBeLessThanOrEqual(40);
    expect(bare.summary.length).toBeGreaterThan(200);
  });
});

describe("offline engine on languages it cannot analyse", () => {
  it("degrades gracefully on a Swedish meeting", () => {
    const swedish = analyseOffline(segmentsFromText(SWEDISH_MEETING), prefs);
    expect(analysisResultSchema.safeParse(swedish).success).toBe(true);
    expect(swedish.language).toBe("sv");
    expect(swedish.notes[0]).toBe(
      "Language 'sv' (Swedish) cannot be analysed in depth; filled duration, speakers and questions only.",
    );
    expect(swedish.summary_analysis.overview).toBe(swedish.notes[0]);
    expect(swedish.summary).toBe("");
    expect(swedish.key_points).toEqual([]);
    expect(swedish.transcription_details.topics).toEqual([]);
    expect(swedish.transcription_details.questions).toEqual([
      "Anna Lind: Hur mycket har kostnaderna ökat sedan i våras?",
      "Anna Lind: Kan du skicka siffrorna till mig före fredag?",
      "Erik Berg: Ska vi också prata om lanseringen i Stockholm?",
    ]);
    expect(swedish.summary_analysis.speakers).toMatch(/^2 speakers: Anna Lind/);
    expect(swedish.summary_analysis.duration).toMatch(/second|minute/);
    expect(swedish.formatted_transcript).toMatch(/^\[00:00\] Anna Lind: Hej allihop/);
  });

  it("keeps a question whole across a title's full stop", () => {
    const german = analyseOffline(
      segmentsFromText("Lea Kraus: Gut. Können Sie Fr. Meyer heute noch anrufen? Danach gehen wir.", "de"),
      prefs,
    );
    expect(german.transcription_details.questions).toEqual(["Können Sie Fr. Meyer heute noch anrufen?"]);
  });

  it("trusts the recogniser's language over the text", () => {
    const spanish = analyseOffline(segmentsFromText(SPANISH_MEETING, "es"), prefs);
    expect(spanish.language).toBe("es");
    expect(spanish.transcription_details.questions).toEqual([
      "¿Quién puede preparar el informe para el viernes?",
      "¿Cuándo empieza la campaña en Madrid?",
    ]);
    const misreported = analyseOffline(segmentsFromText(meeting, "sv"), prefs);
    expect(misreported.language).toBe("sv");
    expect(misreported.summary).toBe("");
    expect(analyseOffline(segmentsFromText(SPANISH_MEETING), prefs).language).toBe("es");
  });
});

describe("offline engine edge cases", () => {
  it("handles an empty transcript", () => {
    const empty = analyseOffline({ segments: [], language: null, duration: 0 }, prefs);
    expect(empty.notes).toEqual(["The transcript has no speech to analyse."]);
    expect(empty.formatted_transcript).toBe("");
  });

  it("reads exported text with [mm:ss] markers and speaker labels", () => {
    const text =
      "[00:00] Anna Lind: Can we start with the budget?\n[00:04] Erik Berg: Yes, I will send the numbers by Friday.\n[00:09] Anna Lind: Great, thanks.";
    const exported = analyseOffline({ segments: [{ start: 0, end: 12, text }], language: "en", duration: 12 }, prefs);
    expect(exported.transcription_details.questions).toEqual(["Anna Lind: Can we start with the budget?"]);
    expect(exported.transcription_details.actionItems).toEqual(["Erik Berg: send the numbers — by Friday"]);
    expect(exported.formatted_transcript.split("\n\n")[1]).toMatch(/^\[00:0\d\] Erik Berg: Yes, I will send/);
  });

  it("takes speakers from segments and does not treat a stray 'Note:' as a speaker", () => {
    const input = {
      segments: [
        { start: 0, end: 4, text: "Note: the recording starts late.", speaker: "SPEAKER_00" },
        { start: 5, end: 9, text: "Can everyone hear me?", speaker: "SPEAKER_01" },
        { start: 65, end: 70, text: "We will ship the release on Friday.", speaker: "SPEAKER_00" },
      ],
      language: "en",
      duration: 70,
    };
    const diarised = analyseOffline(input, prefs);
    expect(diarised.formatted_transcript).toBe(
      "[00:00] SPEAKER_00: Note: the recording starts late.\n\n[00:05] SPEAKER_01: Can everyone hear me?\n\n[01:05] SPEAKER_00: We will ship the release on Friday.",
    );
    expect(diarised.transcription_details.entities.filter((e) => e.type === "person")).toEqual([]);
    expect(diarised.transcription_details.questions).toEqual(["SPEAKER_01: Can everyone hear me?"]);
    expect(diarised.summary_analysis.duration).toBe("1 minute 10 seconds");
  });
});

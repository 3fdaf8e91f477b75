import { env } from "cloudflare:test";
import {
  type Segment,
  speakerSuggestionsSchema,
  type TranscriptDoc,
  transcriptDocSchema,
  transcriptionSchema,
  transcriptVersionsSchema,
  validationErrorSchema,
  versionConflictSchema,
} from "@verbatim/shared";
import { says } from "@verbatim/testing/stable-words";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { api, errorMessage, readJson, signUp } from "../../test/http";
import { getTranscription, testFile, upload, waitUntilDone } from "../../test/transcriptions";
import { createDb } from "../db/client";
import { transcriptions } from "../db/schema";
import { NOT_JSON } from "../http/validate";
import { commitMachineTranscript, MAX_VERSIONS } from "./store";

// The transcript editor and speaker names through the real Worker, D1 and R2. A transcription is set up as a
// speech-recognition run leaves it (row COMPLETED, machine transcript saved through the store) unless the test
// is about a run itself.

function segment(speaker: string | undefined, start: number, end: number, text: string): Segment {
  const tokens = text.split(" ");
  const step = (end - start) / tokens.length;
  const who = speaker === undefined ? {} : { speaker };
  const words = tokens.map((word, i) => ({ word, start: start + i * step, end: start + (i + 1) * step, ...who }));
  return { start, end, text, ...who, words };
}

const machineDoc: TranscriptDoc = {
  language: "en",
  duration: 10,
  speakers: [
    { id: "SPEAKER_00", name: null },
    { id: "SPEAKER_01", name: null },
  ],
  diarization: { state: "done", message: null },
  segments: [
    segment("SPEAKER_00", 0, 3, "Hello everyone. I'm Dana, and I lead the platform team."),
    segment("SPEAKER_01", 3.5, 6, "Thanks Dana. This is Omar from Acme."),
    segment("SPEAKER_00", 6.5, 9, "Let's begin with the budget."),
  ],
};

async function completed(doc: TranscriptDoc = machineDoc) {
  const { user, cookie } = await signUp();
  const id = crypto.randomUUID();
  const db = createDb(env.DB);
  await db.insert(transcriptions).values({
    id,
    userId: user.id,
    fileName: "standup.mp3",
    filePath: `users/${user.id}/transcriptions/${id}/media/standup.mp3`,
    fileType: "audio/mpeg",
    status: "COMPLETED",
    duration: doc.duration,
  });
  expect(await commitMachineTranscript(env, db, { id, userId: user.id }, doc)).toBe(true);
  return { id, cookie, user };
}

const path = (id: string, rest = "") => `/api/transcriptions/${id}${rest}`;

async function current(cookie: string, id: string) {
  const res = await api(path(id, "/segments"), { cookie });
  expect(res.status).toBe(200);
  return readJson(res, transcriptDocSchema);
}

function save(cookie: string, id: string, baseVersion: number, segments: Segment[], speakers = machineDoc.speakers) {
  return api(path(id, "/transcript"), { method: "PUT", cookie, json: { baseVersion, segments, speakers } });
}

/** The first segment with its text (and words) replaced, as the editor sends it. */
function edited(doc: TranscriptDoc, text: string): Segment[] {
  const [first, ...rest] = doc.segments as [Segment, ...Segment[]];
  return [segment(first.speaker, first.start, first.end, text), ...rest];
}

async function exported(cookie: string, id: string, format: "txt" | "srt" | "docx") {
  const res = await api(path(id, `/export?format=${format}`), { cookie });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (format !== "docx") return new TextDecoder().decode(bytes);
  const xml = strFromU8(unzipSync(bytes)["word/document.xml"] as Uint8Array);
  return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join("");
}

describe("speaker names", () => {
  it("a rename shows the name in the text, the TXT, SRT and DOCX exports, and only there it was given", async () => {
    const { id, cookie } = await completed();
    const before = await current(cookie, id);
    expect(before.version).toBe(1);
    expect((await getTranscription(cookie, id)).text).toContain("[00:03] Speaker 2: Thanks Dana.");

    const res = await api(path(id, "/speakers"), {
      method: "PATCH",
      cookie,
      json: { baseVersion: 1, names: { SPEAKER_00: "Dana" } },
    });
    expect(res.status).toBe(200);
    const renamed = await readJson(res, transcriptDocSchema);
    expect(renamed.version).toBe(2);
    expect(renamed.speakers).toEqual([
      { id: "SPEAKER_00", name: "Dana" },
      { id: "SPEAKER_01", name: null },
    ]);

    const text = (await getTranscription(cookie, id)).text ?? "";
    expect(text).toContain("[00:00] Dana: Hello everyone.");
    expect(text).toContain("[00:06] Dana: Let's begin with the budget.");
    expect(text).toContain("[00:03] Speaker 2: Thanks Dana.");
    expect(text).not.toContain("SPEAKER_0");
    expect(await exported(cookie, id, "txt")).toMatch(/Dana: Hello everyone\./);
    const srt = await exported(cookie, id, "srt");
    expect(srt).toMatch(/Dana.*Let's begin with the budget\./);
    expect(srt).toMatch(/Speaker 2.*Thanks Dana\./);
    expect(srt).not.toContain("SPEAKER_0");
    expect(await exported(cookie, id, "docx")).toMatch(/Dana.*Hello everyone\./);

    // null takes the name away again.
    const cleared = await api(path(id, "/speakers"), {
      method: "PATCH",
      cookie,
      json: { baseVersion: 2, names: { SPEAKER_00: null } },
    });
    expect((await readJson(cleared, transcriptDocSchema)).speakers?.[0]).toEqual({ id: "SPEAKER_00", name: null });
    expect((await getTranscription(cookie, id)).text).toContain("[00:00] Speaker 1: Hello everyone.");
  });

  it("a rename reaches the stored analysis, where labels stand for a speaker and not in what was said", async () => {
    const { id, cookie } = await completed({
      ...machineDoc,
      segments: [
        segment("SPEAKER_00", 0, 3, "Hello everyone. Omar will present the budget today."),
        segment("SPEAKER_01", 3.5, 6, "Can you send the report by Friday?"),
        segment("SPEAKER_00", 6.5, 9, "Yes, I will send the report by Friday."),
      ],
    });
    expect((await api(path(id, "/analyze"), { method: "POST", cookie })).status).toBe(200);
    const analysed = (await waitUntilDone(cookie, id)).t;
    expect(analysed.formatted_transcript).toContain("Speaker 2: Can you send the report by Friday?");
    const rename = (baseVersion: number, names: Record<string, string>) =>
      api(path(id, "/speakers"), { method: "PATCH", cookie, json: { baseVersion, names } });

    expect((await rename(1, { SPEAKER_01: "Omar" })).status).toBe(200);
    const once = await getTranscription(cookie, id);
    expect(once.formatted_transcript).toContain("Omar: Can you send the report by Friday?");
    expect(JSON.stringify(once)).not.toContain("Speaker 2");
    expect(JSON.stringify(once.transcription_details)).toContain("Omar: Can you send the report by Friday?");

    expect((await rename(2, { SPEAKER_01: "Omar Haddad" })).status).toBe(200);
    const twice = await getTranscription(cookie, id);
    expect(twice.formatted_transcript).toContain("Omar Haddad: Can you send the report by Friday?");
    // What Speaker 1 said about Omar is what was said.
    expect(twice.formatted_transcript).toContain("Omar will present the budget today.");
    expect(twice.formatted_transcript).not.toContain("Omar Haddad will present");
  });

  it("refuses names for speakers the transcript does not have, and a stale rename", async () => {
    const { id, cookie } = await completed();
    const unknown = await api(path(id, "/speakers"), {
      method: "PATCH",
      cookie,
      json: { baseVersion: 1, names: { SPEAKER_07: "Zoe" } },
    });
    expect(unknown.status).toBe(400);
    expect(await errorMessage(unknown)).toBe('This transcript has no speaker "SPEAKER_07"');
    const stale = await api(path(id, "/speakers"), {
      method: "PATCH",
      cookie,
      json: { baseVersion: 0, names: { SPEAKER_00: "Dana" } },
    });
    expect(stale.status).toBe(409);
    expect((await current(cookie, id)).speakers?.[0]?.name).toBeNull();
  });

  it("suggests names heard in self-introductions without applying them", async () => {
    const { id, cookie } = await completed();
    const res = await api(path(id, "/speakers/suggestions"), { cookie });
    const { suggestions } = await readJson(res, speakerSuggestionsSchema);
    expect(suggestions.map((s) => [s.speaker, s.name])).toEqual([
      ["SPEAKER_00", "Dana"],
      ["SPEAKER_01", "Omar"],
    ]);
    expect(suggestions[1]?.quote).toBe("This is Omar from Acme.");
    const doc = await current(cookie, id);
    expect(doc.version).toBe(1);
    expect(doc.speakers?.every((s) => s.name === null)).toBe(true);
  });
});

describe("saving edits", () => {
  it("saves as the next version; a save based on an old version answers 409 and changes nothing", async () => {
    const { id, cookie } = await completed();
    const doc = await current(cookie, id);
    const res = await save(cookie, id, 1, edited(doc, "Hello everyone. I'm Dana, and I lead the data team."));
    expect(res.status).toBe(200);
    expect((await readJson(res, transcriptDocSchema)).version).toBe(2);
    const after = await current(cookie, id);
    expect(after.version).toBe(2);
    expect(after.segments[0]?.text).toBe("Hello everyone. I'm Dana, and I lead the data team.");
    expect(after.diarization).toEqual({ state: "done", message: null });
    expect((await getTranscription(cookie, id)).text).toContain("I lead the data team.");
    expect(await exported(cookie, id, "txt")).toContain("I lead the data team.");

    const stale = await save(cookie, id, 1, edited(doc, "Overwritten?"));
    expect(stale.status).toBe(409);
    const conflict = await readJson(stale, versionConflictSchema);
    expect(conflict).toMatchObject({ code: "VERSION_CONFLICT", currentVersion: 2 });
    expect(conflict.message).toContain("Reload");
    expect((await current(cookie, id)).segments[0]?.text).toBe("Hello everyone. I'm Dana, and I lead the data team.");
  });

  it("of two saves based on the same version exactly one wins, and the other is told to reload", async () => {
    const { id, cookie } = await completed();
    const doc = await current(cookie, id);
    const texts = ["First tab's edit.", "Second tab's edit."];
    const answers = await Promise.all(texts.map((t) => save(cookie, id, 1, edited(doc, t))));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = texts[answers.findIndex((r) => r.status === 200)];
    const after = await current(cookie, id);
    expect(after.version).toBe(2);
    expect(after.segments[0]?.text).toBe(winner);
    expect((await getTranscription(cookie, id)).text).toContain(winner);
    const history = await readJson(await api(path(id, "/transcript/versions"), { cookie }), transcriptVersionsSchema);
    expect(history.versions.map((v) => v.version)).toEqual([2, 1]);
  });

  it("undoes across a reload: the history lists every version, who saved it, and an earlier one can be restored", async () => {
    const { id, cookie, user } = await completed();
    const doc = await current(cookie, id);
    expect((await save(cookie, id, 1, edited(doc, "An edit to undo."))).status).toBe(200);

    // A fresh page: everything comes from new requests.
    const history = await readJson(await api(path(id, "/transcript/versions"), { cookie }), transcriptVersionsSchema);
    expect(history.current).toBe(2);
    expect(history.versions.map((v) => [v.version, v.kind, v.author])).toEqual([
      [2, "edit", { id: user.id, name: user.full_name ?? user.username }],
      [1, "machine", null],
    ]);
    const v1 = await readJson(await api(path(id, "/transcript/versions/1"), { cookie }), transcriptDocSchema);
    expect(v1.segments[0]?.text).toBe("Hello everyone. I'm Dana, and I lead the platform team.");

    const restore = await api(path(id, "/transcript/restore"), {
      method: "POST",
      cookie,
      json: { baseVersion: 2, version: 1 },
    });
    expect(restore.status).toBe(200);
    const now = await current(cookie, id);
    expect(now.version).toBe(3);
    expect(now.segments[0]?.text).toBe("Hello everyone. I'm Dana, and I lead the platform team.");
    expect((await getTranscription(cookie, id)).text).not.toContain("An edit to undo.");
    const after = await readJson(await api(path(id, "/transcript/versions"), { cookie }), transcriptVersionsSchema);
    expect(after.versions[0]).toMatchObject({ version: 3, kind: "restore", author: { id: user.id } });

    const missing = await api(path(id, "/transcript/restore"), {
      method: "POST",
      cookie,
      json: { baseVersion: 3, version: 42 },
    });
    expect(missing.status).toBe(404);
    expect((await api(path(id, "/transcript/versions/42"), { cookie })).status).toBe(404);
    expect((await api(path(id, "/transcript/versions/x"), { cookie })).status).toBe(400);
  });

  it(`keeps the newest ${MAX_VERSIONS} versions`, async () => {
    const { id, cookie } = await completed();
    for (let v = 1; v <= MAX_VERSIONS + 1; v++) {
      const name = v % 2 ? "Dana" : "Dana K.";
      const res = await api(path(id, "/speakers"), {
        method: "PATCH",
        cookie,
        json: { baseVersion: v, names: { SPEAKER_00: name } },
      });
      expect(res.status).toBe(200);
    }
    const history = await readJson(await api(path(id, "/transcript/versions"), { cookie }), transcriptVersionsSchema);
    expect(history.current).toBe(MAX_VERSIONS + 2);
    expect(history.versions).toHaveLength(MAX_VERSIONS);
    expect(history.versions.at(-1)?.version).toBe(3);
  });

  it("refuses edits with times outside the recording or their segment, or unknown speakers, saying where", async () => {
    const { id, cookie } = await completed();
    const doc = await current(cookie, id);
    const [first, second, third] = doc.segments as [Segment, Segment, Segment];
    const cases: [Segment[], string][] = [
      [[first, second, { ...third, end: 42 }], "Segment 3 ends at 42.00 s, after the recording's end (10.00 s)"],
      [[{ ...first, start: 3.2 }, second, third], "Segment 1 starts (3.20 s) after it ends (3.00 s)"],
      [[second, first, third], "Segment 2 starts before the segment above it: keep segments in time order"],
      [[first, { ...second, speaker: "SPEAKER_09" }, third], 'Segment 2 names speaker "SPEAKER_09", who is not listed'],
      [
        [{ ...first, words: [{ word: "Hello", start: 5, end: 5.5 }] }, second, third],
        'Word "Hello" (5.00 s–5.50 s) lies outside segment 1 (0.00 s–3.00 s)',
      ],
    ];
    for (const [segments, message] of cases) {
      const res = await save(cookie, id, 1, segments);
      expect([res.status, await errorMessage(res.clone())]).toEqual([400, message]);
      expect((await readJson(res, validationErrorSchema)).errors[0]?.field).toMatch(/^segments\.\d/);
    }
    const twice = await save(cookie, id, 1, doc.segments, [
      { id: "SPEAKER_00", name: null },
      { id: "SPEAKER_00", name: "Dana" },
      { id: "SPEAKER_01", name: null },
    ]);
    expect(await errorMessage(twice)).toBe('Speaker "SPEAKER_00" is listed twice');
    // Based on an old version, the answer is the reload offer, not complaints about someone else's times.
    expect((await save(cookie, id, 0, [{ start: 5, end: 1, text: "x" }])).status).toBe(409);
    const malformed = await api(path(id, "/transcript"), { method: "PUT", cookie, json: { segments: [] } });
    expect(malformed.status).toBe(400);
    expect((await current(cookie, id)).version).toBe(1);
  });

  it("accepts the engine's own times where the user changed nothing, and checks what was changed", async () => {
    const [first, ...rest] = machineDoc.segments as [Segment, ...Segment[]];
    const words = first.words ?? [];
    // The engine put the last word 0.3 s past its segment's end.
    const offWord = {
      ...first,
      words: [...words.slice(0, -1), { ...(words.at(-1) as NonNullable<Segment["words"]>[number]), end: 3.3 }],
    };
    const { id, cookie } = await completed({ ...machineDoc, segments: [offWord, ...rest] });
    const doc = await current(cookie, id);
    const renamedOnly = doc.segments.map((s, i) => (i === 2 ? { ...s, text: "Let's begin with the plan." } : s));
    expect((await save(cookie, id, 1, renamedOnly)).status).toBe(200);
    const changed = doc.segments.map((s, i) => (i === 0 ? { ...s, text: `${s.text} Welcome.` } : s));
    const refused = await save(cookie, id, 2, changed);
    expect(refused.status).toBe(400);
    expect(await errorMessage(refused)).toMatch(/^Word "team\." \(.*\) lies outside segment 1/);
  });

  it("takes a long meeting's whole transcript (over the 1 MB other JSON bodies are held to)", async () => {
    const sentence = "we went through every line of the quarterly budget together";
    const segments = Array.from({ length: 3000 }, (_, i) => segment(`SPEAKER_0${i % 2}`, i * 4, i * 4 + 3.5, sentence));
    const long = { ...machineDoc, duration: 12_000, segments };
    const { id, cookie } = await completed(long);
    const body = { baseVersion: 1, segments: edited(long, "A changed first line."), speakers: long.speakers };
    expect(JSON.stringify(body).length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await api(path(id, "/transcript"), { method: "PUT", cookie, json: body });
    expect(res.status).toBe(200);
    expect((await current(cookie, id)).segments).toHaveLength(3000);
  });

  it("answers 404 before the transcript exists", async () => {
    const { user, cookie } = await signUp();
    const id = crypto.randomUUID();
    await createDb(env.DB)
      .insert(transcriptions)
      .values({ id, userId: user.id, fileName: "a.mp3", filePath: "p", fileType: "audio/mpeg", status: "PENDING" });
    expect((await save(cookie, id, 0, [])).status).toBe(404);
    expect((await api(path(id, "/segments"), { cookie })).status).toBe(404);
  });
});

describe("whose transcript", () => {
  it("another user gets 404 on every editor route, and nothing changes", async () => {
    const { id, cookie } = await completed();
    const other = await signUp();
    const doc = await current(cookie, id);
    const attempts: [string, RequestInit & { json?: unknown }][] = [
      [path(id, "/segments"), {}],
      [
        path(id, "/transcript"),
        { method: "PUT", json: { baseVersion: 1, segments: doc.segments, speakers: doc.speakers } },
      ],
      [path(id, "/speakers"), { method: "PATCH", json: { baseVersion: 1, names: { SPEAKER_00: "Mallory" } } }],
      [path(id, "/speakers/suggestions"), {}],
      [path(id, "/transcript/versions"), {}],
      [path(id, "/transcript/versions/1"), {}],
      [path(id, "/transcript/restore"), { method: "POST", json: { baseVersion: 1, version: 1 } }],
    ];
    for (const [url, init] of attempts) {
      const res = await api(url, { ...init, cookie: other.cookie });
      expect([url, init.method ?? "GET", res.status]).toEqual([url, init.method ?? "GET", 404]);
    }
    const after = await current(cookie, id);
    expect(after.version).toBe(1);
    expect(after.speakers?.[0]?.name).toBeNull();
  });
});

describe("edits and speech recognition", () => {
  it("re-running the analysis reads the edited transcript", async () => {
    const { id, cookie } = await completed();
    const doc = await current(cookie, id);
    const text = "Hello everyone. We will ship the Zanzibar release on Friday.";
    expect((await save(cookie, id, 1, edited(doc, text))).status).toBe(200);
    expect((await api(path(id, "/analyze"), { method: "POST", cookie })).status).toBe(200);
    const { t } = await waitUntilDone(cookie, id);
    expect(t.status).toBe("COMPLETED");
    expect(t.formatted_transcript).toContain("Zanzibar");
  });

  it("edits survive a reprocess only when the user asks to keep them", async () => {
    const { user, cookie } = await signUp();
    const { id } = await readJson(
      await upload(cookie, await testFile("jfk.mp3"), "jfk.mp3", "audio/mpeg"),
      transcriptionSchema,
    );
    await waitUntilDone(cookie, id);
    const machine = await current(cookie, id);
    expect(machine.version).toBe(1);
    const mine = "My fellow citizens, ask what you can do.";
    expect((await save(cookie, id, 1, edited(machine, mine), [])).status).toBe(200);

    const bad = await api(path(id, "/reprocess"), { method: "POST", cookie, json: { edits: "maybe" } });
    expect(bad.status).toBe(400);
    const notJson = await api(path(id, "/reprocess"), { method: "POST", cookie, body: "edits=keep" });
    expect([notJson.status, await errorMessage(notJson)]).toEqual([400, NOT_JSON]);

    const keep = await api(path(id, "/reprocess"), { method: "POST", cookie, json: { edits: "keep" } });
    expect(keep.status).toBe(200);
    await waitUntilDone(cookie, id);
    const kept = await current(cookie, id);
    // The new machine run is version 3 in the history; the edited transcript is current again as version 4.
    expect(kept.version).toBe(4);
    expect(kept.segments[0]?.text).toBe(mine);
    expect((await getTranscription(cookie, id)).text).toContain(mine);
    const history = await readJson(await api(path(id, "/transcript/versions"), { cookie }), transcriptVersionsSchema);
    expect(history.versions.map((v) => v.kind)).toEqual(["restore", "machine", "edit", "machine"]);

    // No body: the default discards the edits (the new machine transcript becomes current), history kept.
    expect((await api(path(id, "/reprocess"), { method: "POST", cookie })).status).toBe(200);
    await waitUntilDone(cookie, id);
    const discarded = await current(cookie, id);
    expect(discarded.version).toBe(5);
    // A new run of the recogniser, whose words may differ from the first run's: only the stable phrase is certain.
    expect(discarded.segments[0]?.text).not.toBe(mine);
    expect(says(discarded.segments.map((s) => s.text).join(" "))).toBe(true);
    expect((await getTranscription(cookie, id)).text).not.toContain(mine);
    const v4 = await readJson(await api(path(id, "/transcript/versions/4"), { cookie }), transcriptDocSchema);
    expect(v4.segments[0]?.text).toBe(mine);
    expect(user.id).toBeTruthy();
  });
});

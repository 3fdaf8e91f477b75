import { type TranscriptDoc, transcriptDocSchema, transcriptionSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import rttm from "../../../test-fixtures/audio/two-speakers/pyannote-sample.rttm?raw";
import { api, readJson, signUp } from "../../test/http";
import { created, testFile, waitUntilDone } from "../../test/transcriptions";

// Speaker recognition end to end: the real engine diarizes the real two-speaker recording (pyannote's sample,
// with its reference RTTM), through the upload form and through chunks, into the stored transcript and exports.

const reference = rttm
  .trim()
  .split("\n")
  .map((line) => line.split(/\s+/))
  .map((f) => ({ start: Number(f[3]), end: Number(f[3]) + Number(f[4]), speaker: f[7] as string }));

/** Share of words whose speaker, mapped to the reference speaker it mostly coincides with, is right. */
function wordAccuracy(doc: TranscriptDoc) {
  const words = doc.segments.flatMap((s) => s.words ?? []);
  const counts = new Map<string, Map<string, number>>();
  let scored = 0;
  for (const w of words) {
    const mid = (w.start + w.end) / 2;
    const truth = reference.filter((r) => r.start <= mid && mid <= r.end);
    if (truth.length !== 1 || !w.speaker) continue; // overlapped speech and silence are not scored
    const byTruth = counts.get(w.speaker) ?? new Map<string, number>();
    byTruth.set(truth[0]?.speaker as string, (byTruth.get(truth[0]?.speaker as string) ?? 0) + 1);
    counts.set(w.speaker, byTruth);
    scored++;
  }
  const right = [...counts.values()].reduce((n, m) => n + Math.max(...m.values()), 0);
  const mapped = new Set([...counts.values()].map((m) => [...m].sort((a, b) => b[1] - a[1])[0]?.[0]));
  return { accuracy: right / scored, referenceSpeakersFound: mapped.size };
}

async function segments(cookie: string, id: string) {
  return readJson(await api(`/api/transcriptions/${id}/segments`, { cookie }), transcriptDocSchema);
}

function expectDiarized(doc: TranscriptDoc) {
  expect(doc.diarization).toEqual({ state: "done", message: null });
  expect(doc.speakers?.length).toBeGreaterThanOrEqual(2);
  const ids = new Set(doc.speakers?.map((s) => s.id));
  for (const s of doc.segments) {
    expect(ids.has(s.speaker as string)).toBe(true);
    for (const w of s.words ?? []) expect(w.speaker).toBe(s.speaker); // segments split where the speaker changes
  }
  const { accuracy, referenceSpeakersFound } = wordAccuracy(doc);
  console.info(`word speaker accuracy ${(accuracy * 100).toFixed(1)} %`);
  expect(referenceSpeakersFound).toBe(2);
  expect(accuracy).toBeGreaterThanOrEqual(0.8);
}

describe("speaker recognition on a real two-speaker recording", () => {
  it("asked for at upload: every word has a speaker, the exports name them", async () => {
    const { cookie } = await signUp();
    const form = new FormData();
    form.append("diarize", "true");
    form.append("file", new File([await testFile("two-speakers.wav")], "interview.wav", { type: "audio/wav" }));
    const t0 = await created(api("/api/transcriptions/upload", { method: "POST", body: form, cookie }));
    expect(t0.diarize).toBe(true);
    const { t } = await waitUntilDone(cookie, t0.id, 240_000);
    expect(t.status).toBe("COMPLETED");
    const doc = await segments(cookie, t.id);
    expectDiarized(doc);

    expect(t.text).toMatch(/^\[00:\d\d\] Speaker 1: /m);
    expect(t.text).toMatch(/^\[00:\d\d\] Speaker 2: /m);
    const vtt = await (await api(`/api/transcriptions/${t.id}/export?format=vtt`, { cookie })).text();
    expect(vtt).toContain("<v Speaker 1>");
    expect(vtt).toContain("<v Speaker 2>");
  });

  it("sent in two overlapping parts: one id per voice across the parts", async () => {
    const { cookie } = await signUp();
    const res = await api("/api/transcriptions/chunked", {
      method: "POST",
      cookie,
      json: { fileName: "interview.wav", fileType: "audio/wav", chunks: 2, diarize: true, num_speakers: 2 },
    });
    const { id, diarize, num_speakers } = await readJson(res, transcriptionSchema);
    expect([diarize, num_speakers]).toEqual([true, 2]);
    for (const [idx, start] of [0, 19.5].entries()) {
      const put = await api(`/api/transcriptions/${id}/chunks/${idx}?start=${start}`, {
        method: "PUT",
        cookie,
        body: await testFile(`two-speakers-part${idx}.wav`),
        headers: { "Content-Type": "audio/wav" },
      });
      expect(put.status).toBe(201);
    }
    const { t } = await waitUntilDone(cookie, id, 240_000);
    expect(t.status).toBe("COMPLETED");
    const doc = await segments(cookie, id);
    expectDiarized(doc);
    expect(doc.speakers?.length).toBe(2); // not two per part
  });
});

import { heardVoicesSchema, transcriptDocSchema, voiceListSchema, voiceProfileSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, errorMessage, makePro, readJson, signUp } from "../../test/http";
import { created, testFile, waitUntilDone } from "../../test/transcriptions";
import { teamWithRoles } from "../../test/workspaces";

// Voices remembered across recordings, end to end on the real engine: one LibriVox reader in two different clips
// (clip1, clip2: their voices' cosine is about 0.9 on every CPU measured) and John F. Kennedy (clip0: about 0.2
// against the reader), far on either side of rules/voices.ts's SAME_VOICE.

async function transcribe(cookie: string, clip: string, space?: string) {
  const form = new FormData();
  form.append("diarize", "true");
  form.append("file", new File([await testFile(clip)], `${clip}`, { type: "audio/wav" }));
  const url = `/api/transcriptions/upload${space ? `?space=${space}` : ""}`;
  const t0 = await created(api(url, { method: "POST", body: form, cookie }));
  const { t } = await waitUntilDone(cookie, t0.id, 240_000);
  expect(t.status).toBe("COMPLETED");
  const doc = await readJson(await api(`/api/transcriptions/${t.id}/segments`, { cookie }), transcriptDocSchema);
  return { id: t.id, doc, text: t.text };
}

const remember = (cookie: string, body: unknown) => api("/api/voices", { method: "POST", json: body, cookie });

describe("voices remembered across recordings", () => {
  it("names the same voice in a later recording, and nobody else", async () => {
    const { cookie, user } = await signUp();
    // Four recordings: more than the Free plan's month.
    await makePro(user.id);
    const first = await transcribe(cookie, "clip1.wav");
    expect(first.doc.speakers).toEqual([{ id: "SPEAKER_00", name: null }]);
    const heard = await readJson(await api(`/api/voices/heard/${first.id}`, { cookie }), heardVoicesSchema);
    expect(heard).toEqual({ speakers: [{ speakerId: "SPEAKER_00", voiceId: null }] });

    const res = await remember(cookie, { transcriptionId: first.id, speakerId: "SPEAKER_00", name: "Reader" });
    expect(res.status).toBe(201);
    const voice = await readJson(res, voiceProfileSchema);
    expect(voice).toMatchObject({ name: "Reader", samples: 1 });
    // The list names voices; the voice data itself never leaves the server.
    const listed = await (await api("/api/voices", { cookie })).json();
    expect(voiceListSchema.parse(listed).voices.map((v) => v.name)).toEqual(["Reader"]);
    expect(JSON.stringify(listed)).not.toContain("embedding");
    const now = await readJson(await api(`/api/voices/heard/${first.id}`, { cookie }), heardVoicesSchema);
    expect(now.speakers[0]?.voiceId).toBe(voice.id);

    // The same reader in another clip is named; the transcript's text says so.
    const second = await transcribe(cookie, "clip2.wav");
    expect(second.doc.speakers).toEqual([{ id: "SPEAKER_00", name: "Reader" }]);
    expect(second.text).toMatch(/^\[00:\d\d\] Reader: /m);
    // Another person is not.
    const other = await transcribe(cookie, "clip0.wav");
    expect(other.doc.speakers).toEqual([{ id: "SPEAKER_00", name: null }]);

    // Remembering the reader again under the same name grows that voice (200), not a second one.
    const again = await remember(cookie, { transcriptionId: second.id, speakerId: "SPEAKER_00", name: "reader" });
    expect(again.status).toBe(200);
    expect(await readJson(again, voiceProfileSchema)).toMatchObject({ id: voice.id, samples: 2 });

    // Renamed, later recordings use the new name; forgotten, nobody is named.
    const renamed = await api(`/api/voices/${voice.id}`, { method: "PATCH", json: { name: "Marianne" }, cookie });
    expect(await readJson(renamed, voiceProfileSchema)).toMatchObject({ name: "Marianne" });
    expect((await api(`/api/voices/${voice.id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect(voiceListSchema.parse(await (await api("/api/voices", { cookie })).json()).voices).toEqual([]);
    const third = await transcribe(cookie, "clip1.wav");
    expect(third.doc.speakers).toEqual([{ id: "SPEAKER_00", name: null }]);
  });

  it("remembered in a team name its members' later recordings there, and nowhere else", async () => {
    const { workspace, people } = await teamWithRoles();
    await makePro(people.owner.user.id);
    const first = await transcribe(people.member.cookie, "clip1.wav", workspace.id);
    const viewerTries = await remember(people.viewer.cookie, {
      transcriptionId: first.id,
      speakerId: "SPEAKER_00",
      name: "Reader",
    });
    expect(viewerTries.status).toBe(403);
    const res = await remember(people.member.cookie, {
      transcriptionId: first.id,
      speakerId: "SPEAKER_00",
      name: "Reader",
    });
    expect(res.status).toBe(201);
    // The team's voices are listed in the team's space, for every member, and not among anyone's own.
    const teamList = await api(`/api/voices?space=${workspace.id}`, { cookie: people.viewer.cookie });
    expect(voiceListSchema.parse(await teamList.json()).voices.map((v) => v.name)).toEqual(["Reader"]);
    const own = await api("/api/voices", { cookie: people.member.cookie });
    expect(voiceListSchema.parse(await own.json()).voices).toEqual([]);
    expect((await api(`/api/voices?space=${workspace.id}`, { cookie: (await signUp()).cookie })).status).toBe(404);

    // The owner's later recording in the team is named; the same voice in the owner's own space is not.
    const inTeam = await transcribe(people.owner.cookie, "clip2.wav", workspace.id);
    expect(inTeam.doc.speakers).toEqual([{ id: "SPEAKER_00", name: "Reader" }]);
    const mine = await transcribe(people.owner.cookie, "clip2.wav");
    expect(mine.doc.speakers).toEqual([{ id: "SPEAKER_00", name: null }]);
  });

  it("is the owner's alone, and refuses what it cannot do", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const t = await transcribe(owner.cookie, "clip1.wav");
    const body = { transcriptionId: t.id, speakerId: "SPEAKER_00", name: "Reader" };
    expect((await remember(stranger.cookie, body)).status).toBe(404);
    expect((await api(`/api/voices/heard/${t.id}`, { cookie: stranger.cookie })).status).toBe(404);
    const mine = await readJson(await remember(owner.cookie, body), voiceProfileSchema);
    for (const res of [
      await api(`/api/voices/${mine.id}`, { method: "PATCH", json: { name: "X" }, cookie: stranger.cookie }),
      await api(`/api/voices/${mine.id}`, { method: "DELETE", cookie: stranger.cookie }),
    ])
      expect(res.status).toBe(404);
    expect(voiceListSchema.parse(await (await api("/api/voices", { cookie: stranger.cookie })).json()).voices).toEqual(
      [],
    );

    // A speaker with no kept voice, a bad name, a name taken by another voice.
    const none = await remember(owner.cookie, { ...body, speakerId: "SPEAKER_07" });
    expect(none.status).toBe(409);
    expect(await errorMessage(none)).toContain("voice was not kept");
    expect((await remember(owner.cookie, { ...body, name: "  " })).status).toBe(400);
    const other = await readJson(await remember(owner.cookie, { ...body, name: "Other" }), voiceProfileSchema);
    const clash = await api(`/api/voices/${other.id}`, {
      method: "PATCH",
      json: { name: "READER" },
      cookie: owner.cookie,
    });
    expect(clash.status).toBe(409);
    expect((await api("/api/voices", { cookie: "" })).status).toBe(401);
  });
});

import { env } from "cloudflare:test";
import { transcriptionSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, makePro, readJson, signUp } from "../../test/http";
import { testFile, upload, waitUntilDone } from "../../test/transcriptions";
import { transcriptDocKey, transcriptVersionKey } from "../store/keys";

describe("analysis after transcription", () => {
  it("fills every tab of a completed recording", async () => {
    const { user, cookie } = await signUp();
    await makePro(user.id); // over the Free plan's 5 minutes
    const { id } = await readJson(
      await upload(cookie, await testFile("long.wav"), "reading.wav", "audio/wav"),
      transcriptionSchema,
    );
    const { t } = await waitUntilDone(cookie, id, 170_000);
    expect(t.status).toBe("COMPLETED");
    expect(t.summary).toEqual(expect.any(String));
    expect((t.summary as string).length).toBeGreaterThan(40);
    expect(t.key_points).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(t.summary_analysis).toMatchObject({
      overview: expect.any(String),
      duration: expect.any(String),
      topics: expect.any(Array),
    });
    expect(t.transcription_details).toMatchObject({
      topics: expect.any(Array),
      entities: expect.any(Array),
      questions: expect.any(Array),
      actionItems: expect.any(Array),
    });
    expect(t.formatted_transcript).toMatch(/^\[\d{2}:\d{2}\]/);
    expect(t.analysis_engine).toBe("offline");
  });

  it("keeps the transcript when analysis fails, says why, and can run the analysis alone again", async () => {
    const { cookie, user } = await signUp();
    const { id } = await readJson(
      await upload(cookie, await testFile("jfk.mp3"), "jfk.mp3", "audio/mpeg"),
      transcriptionSchema,
    );
    const done = await waitUntilDone(cookie, id);
    // The analysis input is gone (the current version and its mirror): a failure the job cannot work around.
    const keys = [transcriptDocKey(user.id, id), transcriptVersionKey(user.id, id, 1)];
    const doc = await (await env.MEDIA.get(keys[0] as string))?.text();
    await env.MEDIA.delete(keys);

    expect((await api(`/api/transcriptions/${id}/analyze`, { method: "POST", cookie })).status).toBe(200);
    const failed = await waitUntilDone(cookie, id);
    expect(failed.t.status).toBe("COMPLETED_WITH_ERRORS");
    expect(failed.t.error_message).toMatch(/^Analysis failed: .*transcript is complete/);
    expect(failed.t.text).toBe(done.t.text);

    for (const key of keys) await env.MEDIA.put(key, doc as string);
    expect((await api(`/api/transcriptions/${id}/analyze`, { method: "POST", cookie })).status).toBe(200);
    const again = await waitUntilDone(cookie, id);
    expect(again.t.status).toBe("COMPLETED");
    expect(again.t.error_message).toBeNull();
  });

  it("a failed speaker recognition ends COMPLETED_WITH_ERRORS with the reason, the transcript kept", async () => {
    const { cookie, user } = await signUp();
    const form = new FormData();
    form.append("diarize", "true");
    form.append("file", new File([await testFile("jfk.mp3")], "jfk.mp3", { type: "audio/mpeg" }));
    const { id } = await readJson(
      await api("/api/transcriptions/upload", { method: "POST", body: form, cookie }),
      transcriptionSchema,
    );
    const done = await waitUntilDone(cookie, id);
    expect(done.t.status).toBe("COMPLETED");
    // The engine's answer when diarization fails: every word, no speakers, and the reason
    // (docs/speech-engine/speaker-recognition.md#answers-with-speakers).
    const reason = "Speaker recognition failed (RuntimeError: weights missing); the transcript has no speakers.";
    const keys = [transcriptDocKey(user.id, id), transcriptVersionKey(user.id, id, 1)];
    const doc = (await (await env.MEDIA.get(keys[0] as string))?.json()) as Record<string, unknown>;
    const failed = {
      ...doc,
      segments: (doc.segments as { speaker?: string }[]).map(({ speaker: _, ...s }) => s),
      speakers: [],
      diarization: { state: "failed", message: reason },
    };
    for (const key of keys) await env.MEDIA.put(key, JSON.stringify(failed));

    expect((await api(`/api/transcriptions/${id}/analyze`, { method: "POST", cookie })).status).toBe(200);
    const after = await waitUntilDone(cookie, id);
    expect(after.t.status).toBe("COMPLETED_WITH_ERRORS");
    expect(after.t.error_message).toBe(reason);
    expect(after.t.summary).toEqual(expect.any(String));
    const segments = await (await api(`/api/transcriptions/${id}/segments`, { cookie })).json();
    expect(segments).toMatchObject({ diarization: { state: "failed", message: reason } });
  });
});

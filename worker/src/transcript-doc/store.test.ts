import { env } from "cloudflare:test";
import { type TranscriptDoc, transcriptDocSchema, transcriptVersionsSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { createDb } from "../db/client";
import { transcriptions } from "../db/schema";
import { transcriptDocKey } from "../store/keys";
import { getById } from "../store/transcriptions";
import { commitMachineTranscript, commitTranscript, readCurrentDoc } from "./store";

// The store on the real D1 and R2, below the routes: what the guarded UPDATE and the run marker promise.

const doc = (text: string): TranscriptDoc => ({
  language: "en",
  duration: 5,
  segments: [{ start: 0, end: 2, text }],
});

async function row(status: "COMPLETED" | "PROCESSING" = "COMPLETED") {
  const { user, cookie } = await signUp();
  const id = crypto.randomUUID();
  await createDb(env.DB)
    .insert(transcriptions)
    .values({ id, userId: user.id, fileName: "a.mp3", filePath: "p", fileType: "audio/mpeg", status });
  return { t: { id, userId: user.id }, cookie };
}

describe("transcript store", () => {
  it("of saves racing from the same version exactly one claims the next", async () => {
    const db = createDb(env.DB);
    const { t } = await row();
    await commitMachineTranscript(env, db, t, doc("machine"));
    const texts = ["a", "b", "c", "d"];
    const results = await Promise.all(
      texts.map((text) => commitTranscript(env, db, t, doc(text), { kind: "edit", baseVersion: 1 })),
    );
    expect(results.filter((r) => r?.ok)).toHaveLength(1);
    expect(results.filter((r) => r && !r.ok).map((r) => r && !r.ok && r.currentVersion)).toEqual([2, 2, 2]);
    const winner = texts[results.findIndex((r) => r?.ok)];
    const stored = await getById(db, t.id);
    expect(stored?.text).toBe(`[00:00] ${winner}`);
    expect((await readCurrentDoc(env, stored as NonNullable<typeof stored>))?.segments[0]?.text).toBe(winner);
  });

  it("a repeated job message does not save the same run twice", async () => {
    const db = createDb(env.DB);
    const { t } = await row("PROCESSING");
    expect(await commitMachineTranscript(env, db, t, doc("machine"))).toBe(true);
    await commitTranscript(env, db, t, doc("edited"), { kind: "edit", baseVersion: 1 });
    expect(await commitMachineTranscript(env, db, t, doc("machine"))).toBe(true);
    const stored = await getById(db, t.id);
    expect(stored?.transcriptVersion).toBe(2);
    expect(stored?.text).toBe("[00:00] edited");
  });

  it("a transcript saved before versions were kept is version 0 and stays restorable after an edit", async () => {
    const { t, cookie } = await row();
    await env.MEDIA.put(transcriptDocKey(t.userId, t.id), JSON.stringify(doc("legacy")));
    const before = await readJson(await api(`/api/transcriptions/${t.id}/segments`, { cookie }), transcriptDocSchema);
    expect(before.version).toBe(0);
    const res = await api(`/api/transcriptions/${t.id}/transcript`, {
      method: "PUT",
      cookie,
      json: { baseVersion: 0, segments: doc("edited").segments, speakers: [] },
    });
    expect(res.status).toBe(200);
    const history = await readJson(
      await api(`/api/transcriptions/${t.id}/transcript/versions`, { cookie }),
      transcriptVersionsSchema,
    );
    expect(history.versions.map((v) => [v.version, v.kind])).toEqual([
      [1, "edit"],
      [0, "machine"],
    ]);
    const v0 = await readJson(
      await api(`/api/transcriptions/${t.id}/transcript/versions/0`, { cookie }),
      transcriptDocSchema,
    );
    expect(v0.segments[0]?.text).toBe("legacy");
  });
});

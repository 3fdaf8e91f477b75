import { beforeEach, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { deleteDraft, forgetAllDrafts, loadDraft, saveDraft } from "./drafts";

const draft = (transcriptionId: string, text: string) => ({
  transcriptionId,
  baseVersion: 3,
  segments: [{ start: 0, end: 1, text }],
  speakers: [],
  savedAt: 1_000,
});

beforeEach(async () => {
  await db.transcriptDrafts.clear();
});

describe("unsaved transcript edits on the device", () => {
  test("come back in a new session, per transcription", async () => {
    await saveDraft(draft("t-1", "hello"));
    expect(await loadDraft("t-1")).toEqual(draft("t-1", "hello"));
    expect(await loadDraft("t-2")).toBeNull();
  });

  test("are gone once saved to the server, and only that transcription's", async () => {
    await Promise.all([saveDraft(draft("t-1", "a")), saveDraft(draft("t-2", "b"))]);
    await deleteDraft("t-1");
    expect(await loadDraft("t-1")).toBeNull();
    expect(await loadDraft("t-2")).not.toBeNull();
  });

  test("sign-out forgets every transcription's edits", async () => {
    await Promise.all([saveDraft(draft("t-1", "a")), saveDraft(draft("t-2", "b"))]);
    await forgetAllDrafts();
    expect(await db.transcriptDrafts.count()).toBe(0);
  });
});

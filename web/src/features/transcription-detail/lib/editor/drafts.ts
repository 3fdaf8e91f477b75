import type { TranscriptDraftRow } from "@/lib/db";

// Unsaved transcript edits wait in IndexedDB until the server has them, so a reload keeps them.
const loadDb = () => import("@/lib/db").then((m) => m.db);

export type TranscriptDraft = TranscriptDraftRow;

export async function saveDraft(draft: TranscriptDraft) {
  const db = await loadDb();
  await db.transcriptDrafts.put(draft);
}

export async function loadDraft(transcriptionId: string): Promise<TranscriptDraft | null> {
  const db = await loadDb();
  return (await db.transcriptDrafts.get(transcriptionId)) ?? null;
}

export async function deleteDraft(transcriptionId: string) {
  const db = await loadDb();
  await db.transcriptDrafts.delete(transcriptionId);
}

/** Sign-out: another user of this device must not find the edits. */
export async function forgetAllDrafts() {
  const db = await loadDb();
  await db.transcriptDrafts.clear();
}

import type { TranscriptDraftRow } from "@/lib/db";

// Unsaved transcript edits wait in IndexedDB until the server has them, so a reload keeps them.
const loadDb = () => import("@/lib/db").then((m) => m.db);

export type TranscriptDraft = TranscriptDraftRow;

export async function saveDraft(draft: TranscriptDraft) {
  await (await loadDb()).transcriptDrafts.put(draft);
}

export async function loadDraft(transcriptionId: string): Promise<TranscriptDraft | null> {
  return (await (await loadDb()).transcriptDrafts.get(transcriptionId)) ?? null;
}

export async function deleteDraft(transcriptionId: string) {
  await (await loadDb()).transcriptDrafts.delete(transcriptionId);
}

/** Sign-out: another user of this device must not find the edits. */
export async function forgetAllDrafts() {
  await (await loadDb()).transcriptDrafts.clear();
}

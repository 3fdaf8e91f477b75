import type { TranscriptionStatus } from "@verbatim/shared/transcription";

// The last status the app has seen for each transcription, shared by the list, the detail screen and the
// upload screen: a job that finishes while the user moves between them is announced once, wherever they are.
const lastSeen = new Map<string, TranscriptionStatus>();

/** Records `status` and returns the one seen before (undefined the first time). */
export function observeStatus(id: string, status: TranscriptionStatus): TranscriptionStatus | undefined {
  const previous = lastSeen.get(id);
  lastSeen.set(id, status);
  return previous;
}

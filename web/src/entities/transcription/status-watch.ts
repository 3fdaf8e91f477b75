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

/** Transcriptions whose completion was announced, across page loads (a cached list would announce it again). */
const ANNOUNCED_KEY = "verbatim:announced-completions";
/** Enough to cover every job still likely to show as running in a cached list. */
const ANNOUNCED_MAX = 200;

function readAnnounced(): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(ANNOUNCED_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/**
 * True the first time a transcription's completion is to be announced, false ever after, in this tab or the next
 * load: the cached list or page may show it running again before the server says it finished.
 */
export function announceOnce(id: string): boolean {
  const announced = readAnnounced();
  if (announced.includes(id)) return false;
  try {
    localStorage.setItem(ANNOUNCED_KEY, JSON.stringify([...announced, id].slice(-ANNOUNCED_MAX)));
  } catch {
    // Storage full or blocked: announced in this load only.
  }
  return true;
}

import { mediaPath } from "@/entities/transcription/media-url";
import { translate } from "@/lib/i18n";
import { libraryFor, OFFLINE_MEDIA_CACHE, type OfflineMediaRow } from "./library-db";
import { isQuotaError } from "./quota";

// "Keep offline": the recording is downloaded whole into Cache Storage under the URL the player requests, and
// the service worker (sw/offline-media.ts) answers the player's Range requests from there, online or not. The
// library's row is what the UI shows and what a full device frees first (./quota).

const absolute = (transcriptionId: string) => new URL(mediaPath(transcriptionId), location.origin).href;

/** The offline copy of this recording, or undefined when none is kept. */
export function offlineCopy(userId: string, transcriptionId: string): Promise<OfflineMediaRow | undefined> {
  return libraryFor(userId).offlineMedia.get(transcriptionId);
}

/** Downloads the recording into the offline cache and records it; rejects with a message a user can read. */
export async function keepOffline(userId: string, transcriptionId: string): Promise<OfflineMediaRow> {
  const url = absolute(transcriptionId);
  // No Range header: the whole recording, so every range can be served from it later.
  const response = await fetch(url, { credentials: "same-origin", cache: "no-store" });
  if (!response.ok) {
    throw new Error(
      response.status === 404 ? translate("library.mediaGone") : translate("library.mediaDownloadFailed"),
    );
  }
  const cache = await caches.open(OFFLINE_MEDIA_CACHE);
  try {
    await cache.put(url, response);
  } catch (error) {
    await cache.delete(url);
    if (isQuotaError(error)) throw new Error(translate("library.noRoomForMedia"));
    throw error;
  }
  const stored = await cache.match(url);
  const size = Number(stored?.headers.get("Content-Length")) || (await stored?.blob())?.size || 0;
  const row: OfflineMediaRow = { id: transcriptionId, url, size, keptAt: Date.now() };
  await libraryFor(userId).offlineMedia.put(row);
  return row;
}

/** Frees the offline copy of one recording (the transcript stays on the device). */
export async function freeOffline(userId: string, transcriptionId: string): Promise<void> {
  const cache = await caches.open(OFFLINE_MEDIA_CACHE);
  await cache.delete(absolute(transcriptionId));
  await libraryFor(userId).offlineMedia.delete(transcriptionId);
}

// One place for the recording's URL. The player streams it; "Keep offline" caches it under the plain URL; and a
// player whose recording is kept asks with `?kept`, the one mark the service worker answers from that cache
// (its fetch handler must decide at once, before any cache can be read; other recordings it never touches).

export function mediaPath(transcriptionId: string, { kept = false } = {}) {
  return `/api/transcriptions/${encodeURIComponent(transcriptionId)}/media${kept ? "?kept" : ""}`;
}

const MEDIA_PATH = /^\/api\/transcriptions\/[^/]+\/media$/;

/** A player asking for a recording kept offline (`mediaPath(id, { kept: true })`). */
export const isKeptMediaRequest = (url: URL) => MEDIA_PATH.test(url.pathname) && url.searchParams.has("kept");

/** The plain URL a kept recording is cached under. */
export const keptMediaKey = (url: URL) => `${url.origin}${url.pathname}`;

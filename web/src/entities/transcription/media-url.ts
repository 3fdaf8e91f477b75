// One place for the recording's URL: the player streams it, "Keep offline" caches it under this same URL, and
// the service worker recognises it to answer from that cache.

export const mediaPath = (transcriptionId: string) =>
  `/api/transcriptions/${encodeURIComponent(transcriptionId)}/media`;

const MEDIA_PATH = /^\/api\/transcriptions\/[^/]+\/media$/;

export const isMediaPath = (pathname: string) => MEDIA_PATH.test(pathname);

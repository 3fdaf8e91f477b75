/// <reference lib="webworker" />
import { createPartialResponse } from "workbox-range-requests";
import { registerRoute } from "workbox-routing";
import { OFFLINE_MEDIA_CACHE } from "../entities/library/library-db";
import { isMediaPath } from "../entities/transcription/media-url";

declare const self: ServiceWorkerGlobalScope;

// Recordings the user chose to "Keep offline" (entities/library/offline-media.ts) are played from Cache Storage,
// online or not: the player asks for byte ranges, which are cut from the whole recording kept there. Recordings
// not kept go to the network untouched (and nothing is cached on the way: keeping one is the user's choice).

export function registerOfflineMedia() {
  registerRoute(
    ({ url, request }) => request.method === "GET" && url.origin === self.location.origin && isMediaPath(url.pathname),
    async ({ request }) => {
      const kept = await (await caches.open(OFFLINE_MEDIA_CACHE)).match(request.url);
      if (!kept) return fetch(request);
      return request.headers.has("range") ? createPartialResponse(request, kept) : kept;
    },
  );
}

/// <reference lib="webworker" />
import { createPartialResponse } from "workbox-range-requests";
import { registerRoute } from "workbox-routing";
import { OFFLINE_MEDIA_CACHE } from "../entities/library/library-db";
import { isKeptMediaRequest, keptMediaKey } from "../entities/transcription/media-url";

declare const self: ServiceWorkerGlobalScope;

// Recordings the user chose to "Keep offline" (entities/library/offline-media.ts) are played from Cache Storage,
// online or not: the player asks for byte ranges, which are cut from the whole recording kept there. Only the
// player of a kept recording asks this way (`?kept`); a copy freed meanwhile is fetched from the network.

export function registerOfflineMedia() {
  registerRoute(
    ({ url, request }) => request.method === "GET" && url.origin === self.location.origin && isKeptMediaRequest(url),
    async ({ request, url }) => {
      const kept = await (await caches.open(OFFLINE_MEDIA_CACHE)).match(keptMediaKey(url));
      if (!kept) return fetch(request);
      return request.headers.has("range") ? createPartialResponse(request, kept) : kept;
    },
  );
}

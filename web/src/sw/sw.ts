/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { registerBackgroundSync } from "./background-sync";
import { registerOfflineMedia } from "./offline-media";
import { registerPush } from "./push";
import { registerShareTarget } from "./share-target";

declare const self: ServiceWorkerGlobalScope;

// The whole app shell and every route chunk are precached, so any screen opens offline. API answers are not
// cached here: offline data lives in the per-user library (entities/library), which knows whose data it is
// and is wiped at logout; the only answers served from a cache are recordings the user chose to keep offline.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// /robots.txt is a real file (web/public), never the app shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/api\//, /^\/robots\.txt$/] }),
);
registerShareTarget();
registerBackgroundSync();
registerOfflineMedia();
registerPush();

// autoUpdate: a new version takes over at once; main.tsx reloads at the next navigation.
void self.skipWaiting();
clientsClaim();

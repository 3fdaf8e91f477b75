// The only script of the prerendered landing page (web/scripts/prerender-landing.mjs; docs/architecture/web-app.md,
// "The prerendered landing page"). The page arrives drawn, and its links are plain links, so it needs no React,
// router or data layer: only its one live figure. The app, and with it the service worker, starts on the next page
// (registered here too, the worker would take over that page as it loads, and the app would reload it).
import { showHoursCounter } from "@/features/landing/lib/hours-counter";

void showHoursCounter().catch((error: unknown) => console.warn("Could not load the hours counter", error));

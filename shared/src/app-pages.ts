// The signed-in pages whose first load is prepared ahead (docs/architecture/web-app.md, "Signed-in pages start
// sooner", "Signed-in pages paint at once"). The build writes each an HTML page per interface language, with its
// first screen drawn and the code of its routes preloaded (web/scripts/app-pages.mjs);
// the Worker answers a browser holding a session cookie with it, and preloads the API answers its first screen
// reads (worker/src/pages/app-page.ts). The browser then fetches code and data at once, not one after the other.

export interface AppPage {
  /** Its HTML is web/dist/prerendered/app-<name>.<locale>.html. */
  name: string;
  /** The pathnames it answers; its groups are what `requests` is given. */
  path: RegExp;
  /** One of them: the build draws the page's shell at it (web/src/prerender/app-shell.tsx). */
  example: string;
  /** The route files (under web/src/routes) its screen is drawn with, outermost first. */
  routes: readonly string[];
  /** The API paths its first screen reads (GET, as the web app's client asks them), besides FIRST_REQUESTS. */
  requests: (params: readonly string[]) => string[];
}

const SIGNED_IN = ["_app.tsx", "_app/_protected.tsx"];

export const APP_PAGES: readonly AppPage[] = [
  {
    name: "dashboard",
    path: /^\/dashboard\/?$/,
    example: "/dashboard",
    routes: [...SIGNED_IN, "_app/_protected/dashboard.tsx"],
    // The list is the personal space's: a browser that chose a team space asks for another, and this one goes
    // unused. The switcher's workspaces and the cards' date formats (the preferences) are read here too.
    requests: () => ["/api/workspaces", "/api/user/preferences", "/api/transcriptions"],
  },
  {
    name: "transcription",
    // An id as the app writes it in a URL (a UUID): it goes into the preloads' URLs as it is.
    path: /^\/transcription\/([\w-]+)\/?$/,
    example: "/transcription/00000000-0000-0000-0000-000000000000",
    routes: [...SIGNED_IN, "_app/_protected/transcription.$id.tsx"],
    requests: ([id]) => [`/api/transcriptions/${id}`, `/api/transcriptions/${id}/segments`],
  },
];

/** What every signed-in screen reads first: who is signed in, and their plan (the sidebar shows it). */
export const FIRST_REQUESTS = ["/api/session", "/api/subscription"];

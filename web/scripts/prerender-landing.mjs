// Writes web/dist/prerendered/landing-<locale>.html after `vite build` (vite.config.ts runs it): the built
// index.html with the landing page's markup inside #root, in each interface language, and with the small script of
// src/landing-island.ts in place of the app's. The Worker serves one of them at "/" to a browser without a session
// cookie (worker/src/pages): the page paints before any script runs, and runs little script at all. It also writes
// the signed-in pages' HTML, app-<page>.<locale>.html, with their first screen drawn (src/prerender/app-shell.tsx)
// and their code preloaded (app-pages.mjs).
//
// The page is rendered by React on Node through Vite's SSR loader (the same components, aliases and JSON
// catalogues as the app). A few modules read browser globals when they load (the API client's origin, storage):
// happy-dom provides them, as it does for the unit tests.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Window } from "happy-dom";
import { createServer } from "vite";
import { appPageHtml, appShellHtml, inLanguage, withRoot } from "./app-pages.mjs";

const web = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const LOCALES = ["en", "es", "fr", "de"];

const window = new Window({ url: "http://localhost/" });
for (const name of ["window", "self", "document", "location", "navigator", "localStorage", "sessionStorage"]) {
  const value = name === "window" || name === "self" ? window : window[name];
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}
// The query cache's persister listens for the page being hidden when it loads (lib/query-persister.ts).
for (const name of ["addEventListener", "removeEventListener"]) {
  Object.defineProperty(globalThis, name, { value: window[name].bind(window), configurable: true, writable: true });
}

/**
 * The built index.html without the app's <script> and module preloads, and with the island's script (named in
 * Vite's manifest) instead. Its one import, Vite's preload helper, is left to be found: nothing waits on it.
 */
function withIslandScript(indexHtml, manifest) {
  const island = manifest["src/landing-island.ts"];
  if (!island) throw new Error("Vite's manifest has no src/landing-island.ts (vite.config.ts, build input)");
  // The app's start chunk is most of its code; the island importing it would undo the page's point.
  const heavy = (island.imports ?? []).map((key) => manifest[key]?.file ?? key).filter((f) => !/\/island-/.test(f));
  if (heavy.length)
    throw new Error(
      `The landing page's script imports ${heavy.join(", ")}: add the modules to LANDING_ISLAND_MODULES (vite.config.ts)`,
    );
  const appScripts = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;
  if (!appScripts.test(indexHtml)) throw new Error("index.html has no module script to replace");
  const script = `<script type="module" crossorigin src="/${island.file}"></script>`;
  return indexHtml.replace(appScripts, "").replace("</head>", `\n    ${script}\n  </head>`);
}

/**
 * The page in `locale`: its title and description in that language (the catalogue's `document`, which the app
 * sets too), `markup` inside #root (marked, for the tests and for anyone reading the HTML), and no <noscript>
 * warning, since this page works without script.
 */
function withLanding(page, locale, messages, markup) {
  return withRoot(
    inLanguage(page, locale, messages).replace(/\s*<noscript>[\s\S]*?<\/noscript>/, ""),
    "landing",
    markup,
  );
}

const vite = await createServer({
  configFile: web("../vite.config.ts"),
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: "custom",
  logLevel: "error",
});
try {
  const { renderLanding } = await vite.ssrLoadModule("/src/prerender/landing.tsx");
  const { renderAppShell } = await vite.ssrLoadModule("/src/prerender/app-shell.tsx");
  const manifest = JSON.parse(readFileSync(web("dist/.vite/manifest.json"), "utf8"));
  const page = withIslandScript(readFileSync(web("dist/index.html"), "utf8"), manifest);
  mkdirSync(web("dist/prerendered"), { recursive: true });
  // The signed-in pages the Worker answers with their first screen drawn and their code preloaded (app-pages.mjs).
  const { APP_PAGES } = await vite.ssrLoadModule("@verbatim/shared/app-pages");
  const indexHtml = readFileSync(web("dist/index.html"), "utf8");
  for (const locale of LOCALES) {
    const { default: messages } = await vite.ssrLoadModule(`/src/locales/${locale}.json`);
    const markup = await renderLanding(locale, messages);
    writeFileSync(web(`dist/prerendered/landing-${locale}.html`), withLanding(page, locale, messages, markup));
    for (const appPage of APP_PAGES) {
      const html = appPageHtml(appPage, manifest, indexHtml);
      const shell = await renderAppShell(appPage.example, locale, messages);
      writeFileSync(
        web(`dist/prerendered/app-${appPage.name}.${locale}.html`),
        appShellHtml(html, manifest, locale, messages, shell),
      );
    }
  }
  // Only this step needs it; the Worker would otherwise serve it as a file.
  rmSync(web("dist/.vite"), { recursive: true, force: true });
} finally {
  await vite.close();
  await window.happyDOM.close();
}

import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { SHARE_FILES_FIELD, SHARE_TARGET_PATH } from "./web/src/lib/share-target";

const web = (path: string) => fileURLToPath(new URL(`./web/${path}`, import.meta.url));

/** Theme colour of the manifest, the <meta name="theme-color"> and the icons (web/scripts/generate-icons.mjs). */
const THEME_COLOR = "#4f46e5";

/**
 * After the app is built, the landing page is drawn once per language into dist/prerendered, for the Worker to
 * answer "/" with (web/scripts/prerender-landing.mjs). A process of its own: it fakes browser globals.
 */
const prerenderLanding = (): Plugin => ({
  name: "verbatim:prerender-landing",
  apply: "build",
  closeBundle: {
    order: "post",
    sequential: true,
    handler: () => {
      execFileSync(process.execPath, [web("scripts/prerender-landing.mjs")], { stdio: "inherit" });
    },
  },
});

/** What src/landing-island.ts imports (with what that imports): modules the app uses too. */
const LANDING_ISLAND_MODULES =
  /[\\/]src[\\/](features[\\/]landing[\\/]lib[\\/]hours-counter\.ts|lib[\\/]i18n[\\/]locale\.ts)$|[\\/]shared[\\/]src[\\/]locale\.ts$/;

/** A module of @verbatim/shared; the group is its name. */
const SHARED_MODULE = /[\\/]shared[\\/]src[\\/]([\w-]+)\.ts$/;
/**
 * The shared rules the app builds at start, in chunks of about a phone's 50 ms each to run (a task over 50 ms
 * counts as blocking): the modules of a part, then the rest.
 */
const SCHEMA_PARTS: Record<string, number> = {
  analysis: 1,
  preferences: 1,
  upload: 2,
  languages: 2,
  auth: 3,
  email: 3,
};
const schemasChunk = (id: string) => {
  const name = SHARED_MODULE.exec(id)?.[1];
  return name === undefined ? null : `schemas${SCHEMA_PARTS[name] ?? ""}`;
};

/** web/src's shared layers (docs/architecture/web-app.md, "Layers"). */
const SHARED_LAYERS = /[\\/]web[\\/]src[\\/](components|entities|lib)[\\/]/;
/** The device's IndexedDB (lib/db.ts) and Dexie. */
const DEVICE_DB = /[\\/]web[\\/]src[\\/]lib[\\/]db\.ts$|[\\/]node_modules[\\/](\.pnpm[\\/])?dexie/;
/** A feature's modules; the group is its name. */
const FEATURE = /[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/;

export default defineConfig({
  root: web(""),
  resolve: { alias: { "@": web("src") } },
  build: {
    outDir: web("dist"),
    emptyOutDir: true,
    // The Worker serves these files; a source map per chunk keeps production stack traces readable.
    sourcemap: true,
    // The prerender step reads it to find the landing page's script, then deletes it.
    manifest: true,
    rollupOptions: {
      // The app, and the prerendered landing page's own small script.
      input: { index: web("index.html"), "landing-island": web("src/landing-island.ts") },
      output: {
        codeSplitting: {
          groups: [
            // lib/zod-config.ts must run before any schema is built (zod decides at construction whether to compile
            // parsers with `new Function`, which the CSP forbids). In the chunk with zod itself, it runs before
            // every chunk that builds schemas, which all import that one.
            { name: "zod", test: /[\\/]node_modules[\\/](\.pnpm[\\/])?zod|zod-config\.ts$/, priority: 2 },
            // The landing page's script and what it imports, apart: it must not pull in the app's start chunk
            // (web/scripts/prerender-landing.mjs fails the build if it does).
            { name: "island", test: LANDING_ISLAND_MODULES, priority: 2 },
            // React and TanStack's router and query cache, which the start chunk imports: chunks of their own, so a
            // signed-in page's HTML can have them run one at a time (public/app-start.js). Run as one chunk, the
            // start code was one long task, which on a phone blocks input for hundreds of milliseconds.
            { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: "tanstack", test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            // Likewise the rest of the start chunk's libraries, the shared rules it builds (building zod schemas
            // was a third of the start chunk's time) and the English catalogue: only what the app imports to start.
            {
              name: "libs",
              tags: ["$initial"],
              test: /[\\/]node_modules[\\/](\.pnpm[\\/])?(use-intl|intl-messageformat|@formatjs|hono|jotai)/,
              priority: 2,
            },
            { name: schemasChunk, debugName: "schemas", tags: ["$initial"], test: SHARED_MODULE, priority: 2 },
            { name: "en", test: /[\\/]web[\\/]src[\\/]locales[\\/]en\.json$/, priority: 2 },
            // What the app imports to start, in one chunk rather than twenty-odd: the browser fetched them six at
            // a time over HTTP/1.1, and on a phone each wait costs a round trip (docs/benchmarks.md#lighthouse).
            { name: "start", tags: ["$initial"], test: (id) => !id.endsWith("landing-island.ts"), priority: 1 },
            // The rest of the shared layers (the app shell, entities, the UI kit) and one chunk per feature, rather
            // than a chunk for every set of routes that share a module: a transcript page loaded forty-odd.
            // The device database stays apart: signed out, the query cache's persister loads it alone.
            { name: "db", test: DEVICE_DB },
            { name: "app", test: SHARED_LAYERS },
            { name: (id) => FEATURE.exec(id)?.[1] ?? null, debugName: "feature", test: FEATURE },
          ],
        },
      },
    },
  },
  server: {
    // `vite` alone (HMR) talks to a `wrangler dev` running the API on its default port.
    proxy: { "/api": "http://127.0.0.1:8787" },
  },
  // ffmpeg.wasm starts its worker from `new URL("./worker.js", import.meta.url)`, which pre-bundling breaks.
  optimizeDeps: { exclude: ["@ffmpeg/ffmpeg"] },
  plugins: [
    // Must come before react(): it rewrites route files into lazily loaded chunks.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: web("src/routes"),
      generatedRouteTree: web("src/routeTree.gen.ts"),
      quoteStyle: "double",
    }),
    react(),
    tailwindcss(),
    VitePWA({
      registerType: "autoUpdate",
      // main.tsx registers through virtual:pwa-register (workbox-window), after the first render.
      injectRegister: false,
      includeAssets: ["favicon.svg", "apple-touch-icon.png"],
      manifest: {
        id: "/",
        name: "Verbatim",
        short_name: "Verbatim",
        description: "Meeting transcription: upload a recording, get a transcript, a summary and key points.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        theme_color: THEME_COLOR,
        background_color: "#ffffff",
        // Sharing a recording to the installed app (a phone's share sheet) queues it for upload: sw/share-target.ts.
        share_target: {
          action: SHARE_TARGET_PATH,
          method: "POST",
          enctype: "multipart/form-data",
          params: { files: [{ name: SHARE_FILES_FIELD, accept: ["audio/*", "video/*"] }] },
        },
        icons: [
          { src: "/pwa-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/pwa-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      // A service worker of our own (web/src/sw), for the share target, Background Sync and media kept offline.
      strategies: "injectManifest",
      srcDir: "src/sw",
      filename: "sw.ts",
      injectManifest: {
        // The whole app shell and every route chunk, so any screen opens offline.
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        // Served by the Worker to visitors only; the installed app opens its own shell.
        globIgnores: ["prerendered/**"],
      },
    }),
    prerenderLanding(),
  ],
});

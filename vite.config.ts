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
        // lib/zod-config.ts must run before any schema is built (zod decides at construction whether to compile
        // parsers with `new Function`, which the CSP forbids). In the chunk with zod itself, it runs before every
        // chunk that builds schemas, which all import that one.
        manualChunks: (id) => (/[\\/]node_modules[\\/](\.pnpm[\\/])?zod|zod-config\.ts$/.test(id) ? "zod" : undefined),
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

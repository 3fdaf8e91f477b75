import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Vitest sets process.env.BASE_URL to Vite's `base` ("/") inside the test workers, so the app's URL is
// read here, before that happens, and handed on under another name.
const appUrl = process.env.BASE_URL ?? "http://127.0.0.1:8787";

// Browser tests against a running app (BASE_URL): one file at a time, since they share the server and its
// speech engine, with timeouts long enough for a real transcription. The files run in one process
// (isolate: false), so Playwright is loaded and Chromium launched once for all of them (support/browser.ts);
// every file still gets new browser contexts, closed when it ends.
export default defineConfig({
  test: {
    env: { E2E_APP_URL: appUrl },
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["**/*.e2e.ts"],
    // The shared browser, and failing any test whose pages logged an error (support/fixture.ts).
    setupFiles: ["./support/fixture.ts"],
    environment: "node",
    fileParallelism: false,
    isolate: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
    reporters: ["default"],
  },
});

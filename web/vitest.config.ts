import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = fileURLToPath(new URL("./src", import.meta.url));

// Unit tests for web/src, beside the code (*.test.ts): a DOM (happy-dom) and IndexedDB (fake-indexeddb) in
// Node, no browser and no server. The browser tests against the running app are e2e/vitest.config.ts.
export default defineConfig({
  resolve: { alias: { "@": src } },
  test: {
    root: src,
    include: ["**/*.test.ts", "**/*.test.tsx"],
    environment: "happy-dom",
    setupFiles: ["fake-indexeddb/auto"],
    // Calendar arithmetic must hold where a day is not 24 hours: New York's clocks change on 2026-03-08.
    env: { TZ: "America/New_York" },
    testTimeout: 10_000,
    reporters: ["default"],
  },
});

// `vitest bench` for bench/local-model.bench.ts alone, under Node: scripts/bench-local-model.mjs runs it once the
// model's service is up. The main config (vitest.config.ts) leaves this file out.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    name: "local-model",
    environment: "node",
    benchmark: { include: ["bench/local-model.bench.ts"] },
  },
});

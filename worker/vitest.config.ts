import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

const root = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Two projects: `workers` runs inside workerd on miniflare's real D1/R2/Queues with the real migrations;
// `node` holds the checks that need Node (independent format tools, child processes, local HTTP fakes).
export default defineConfig({
  test: {
    silent: "passed-only",
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            main: root("./src/index.ts"),
            remoteBindings: false,
            wrangler: { configPath: root("../wrangler.toml") },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations(root("./migrations")),
                ASR_BASE_URL: process.env.ASR_BASE_URL ?? "http://127.0.0.1:8788/v1",
                APP_ORIGIN: "http://localhost",
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["**/*.node.test.ts"],
          setupFiles: [root("./test/apply-migrations.ts")],
          globalSetup: [root("./test/global-setup.ts")],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "node",
          environment: "node",
          include: ["src/**/*.node.test.ts", "test/**/*.node.test.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});

import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { configDefaults, defineConfig } from "vitest/config";
import { workerdDependencies } from "./test/prebundle";

const root = (p: string) => fileURLToPath(new URL(p, import.meta.url));
/** drizzle-kit's newest snapshot: what schema.ts says the database is (src/db/schema.test.ts checks it). */
const latestSnapshot = () => {
  const name = readdirSync(root("./migrations/meta"))
    .filter((f) => f.endsWith("_snapshot.json"))
    .sort()
    .at(-1);
  return JSON.parse(readFileSync(root(`./migrations/meta/${name}`), "utf8"));
};
// The workspace's own packages (`workspace:*`) stay out: pre-bundled, an edit inside shared/src would go unseen
// until the optimizer's cache happened to be rebuilt.
// The local model's benchmark needs the model's service, which scripts/bench-local-model.mjs starts before it runs
// the file with its own config (bench/local-model.config.ts): `vitest bench` here leaves it out.
const benchmark = { exclude: [...configDefaults.exclude, "bench/local-model.bench.ts"] };
const runtimePackages = ["./package.json", "../shared/package.json"].flatMap((p) =>
  Object.entries<string>(JSON.parse(readFileSync(root(p), "utf8")).dependencies ?? {})
    .filter(([, version]) => !version.startsWith("workspace:"))
    .map(([name]) => name),
);

// Two projects: `workers` runs inside workerd on miniflare's real D1/R2/Queues with the real migrations;
// `node` holds the checks that need Node (independent format tools, child processes, local HTTP fakes).
export default defineConfig({
  test: {
    silent: "passed-only",
    projects: [
      {
        plugins: [
          cloudflareTest(async ({ inject }) => ({
            main: root("./src/index.ts"),
            remoteBindings: false,
            wrangler: { configPath: root("../wrangler.toml") },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations(root("./migrations")),
                TEST_SCHEMA_SNAPSHOT: latestSnapshot(),
                ASR_BASE_URL: inject("asrBaseUrl"),
                ...inject("googleVars"),
                APP_ORIGIN: "http://localhost",
                // Retries come quickly in tests; the attempt count stays as in production.
                JOB_RETRY_BASE_SECONDS: "1",
                // Tests give each client its own CF-Connecting-IP, as Cloudflare would, and create far more
                // accounts, exports and uploads than any person: the abuse-limit tests restore the real numbers.
                TRUST_CLOUDFLARE_IP: "true",
                SIGNUPS_PER_IP_PER_HOUR: "1000000",
                SIGNUPS_PER_MINUTE: "1000000",
                EXPORTS_PER_MINUTE: "1000000",
                OPEN_UPLOADS_PER_USER: "1000000",
                // The real `stripe` client against stripe-mock.
                ...inject("stripeVars"),
                // Webhooks to the Node receiver on loopback (test/global-setup.ts), as local development allows.
                WEBHOOKS_ALLOW_HTTP_LOOPBACK: "true",
                // E-mail over SMTP to this run's Mailpit; the tests read it back through its API (test/mailpit.ts).
                ...inject("mailVars"),
              },
            },
          })),
        ],
        test: {
          name: "workers",
          benchmark,
          // Each file gets a fresh workerd that loads the app again: bundled, its packages load in a few requests
          // instead of hundreds (test/prebundle.ts).
          deps: {
            optimizer: {
              ssr: {
                enabled: true,
                include: workerdDependencies([root("./src"), root("./test"), root("../shared/src")], runtimePackages),
              },
            },
          },
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["**/*.node.test.ts"],
          setupFiles: [root("./test/apply-migrations.ts"), root("./test/seed-fonts.ts")],
          globalSetup: [root("./test/global-setup.ts")],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // One speech engine on two cores, and a proxy tests switch off: files run one at a time.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "node",
          environment: "node",
          include: ["src/**/*.node.test.ts", "test/**/*.node.test.ts", "bench/**/*.node.test.ts"],
          benchmark,
          testTimeout: 60_000,
        },
      },
    ],
  },
});

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { root, wranglerBin } from "./env.mjs";
import { RENAMED_MIGRATIONS } from "./migration-names.mjs";
import { migrate } from "./setup.mjs";

const migrations = `${root}worker/migrations`;
const files = () =>
  readdirSync(migrations)
    .filter((f) => f.endsWith(".sql"))
    .sort();
const dir = mkdtempSync(join(tmpdir(), "verbatim-migrations-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A wrangler.toml whose D1 takes its migrations from `migrationsDir`. */
function config(name, migrationsDir) {
  const path = join(dir, `${name}.toml`);
  writeFileSync(
    path,
    `name = "migrations-test"\nmain = "${root}worker/src/index.ts"\ncompatibility_date = "2026-04-26"\n` +
      `[[d1_databases]]\nbinding = "DB"\ndatabase_name = "verbatim"\n` +
      `database_id = "00000000-0000-4000-8000-000000000000"\nmigrations_dir = "${migrationsDir}"\n`,
  );
  return path;
}

function query(persistTo, toml, sql) {
  const res = spawnSync(
    wranglerBin,
    ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--config", toml, "--json", "--command", sql],
    { encoding: "utf8", timeout: 120_000 },
  );
  assert.equal(res.status, 0, res.stderr);
  return JSON.parse(res.stdout)[0].results;
}

test("an install that applied the old file names takes the renamed files as applied", { timeout: 300_000 }, () => {
  // The migrations as an older checkout had them: the same files under their old names.
  const old = join(dir, "old");
  mkdirSync(old);
  const oldName = Object.fromEntries(Object.entries(RENAMED_MIGRATIONS).map(([from, to]) => [to, from]));
  for (const f of files()) copyFileSync(join(migrations, f), join(old, oldName[f] ?? f));
  const state = join(dir, "upgraded");
  const before = config("old", old);
  migrate(state, { config: before });
  const now = config("now", migrations);
  migrate(state, { config: now });
  const applied = query(state, now, "SELECT name FROM d1_migrations ORDER BY id").map((r) => r.name);
  assert.deepEqual([...applied].sort(), files());
});

test("a fresh install applies every migration once, in order", { timeout: 300_000 }, () => {
  const state = join(dir, "fresh");
  const now = config("fresh", migrations);
  migrate(state, { config: now });
  migrate(state, { config: now }); // a second start changes nothing
  const applied = query(state, now, "SELECT name FROM d1_migrations ORDER BY id").map((r) => r.name);
  assert.deepEqual(applied, files());
  assert.equal(new Set(files().map((f) => f.slice(0, 4))).size, files().length, "each migration has its own number");
});

import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// The drift check: schema.ts is the source, and worker/migrations must already hold every change it makes.
const worker = fileURLToPath(new URL("../..", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "verbatim-drizzle-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** drizzle-kit on a copy of the migrations (it writes into its `--out`); it prefixes `./`, so the path is relative. */
function drizzleKit(command: string) {
  const out = join(scratch, command);
  cpSync(join(worker, "migrations"), out, { recursive: true });
  const args = [command, "--dialect", "sqlite", "--out", relative(worker, out)];
  if (command === "generate") args.push("--schema", "./src/db/schema.ts");
  const log = execFileSync(join(worker, "node_modules/.bin/drizzle-kit"), args, {
    cwd: worker,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { out, log };
}

describe("database migrations", () => {
  it("hold everything schema.ts declares (else: pnpm --filter @verbatim/worker db:generate)", () => {
    const before = readdirSync(join(worker, "migrations")).filter((f) => f.endsWith(".sql"));
    const { out, log } = drizzleKit("generate");
    const created = readdirSync(out).filter((f) => f.endsWith(".sql") && !before.includes(f));
    const pending = created.map((f) => readFileSync(join(out, f), "utf8")).join("\n");
    expect(pending, `schema.ts and worker/migrations differ; the missing migration would be:\n${pending}`).toBe("");
    expect(log).toContain("No schema changes");
  });

  it("have a consistent snapshot history", () => {
    expect(drizzleKit("check").log).toContain("Everything's fine");
  });
});

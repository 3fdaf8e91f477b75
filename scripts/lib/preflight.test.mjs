import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { test } from "node:test";
import { root } from "./env.mjs";

/** A PATH holding every command of this one except `hidden`, as on a machine without them. */
function pathWithout(hidden) {
  const dir = mkdtempSync(join(tmpdir(), "verbatim-path-"));
  chmodSync(dir, 0o755); // readable by the unprivileged user the test runs the command as
  for (const from of (process.env.PATH ?? "").split(delimiter)) {
    let names = [];
    try {
      names = readdirSync(from);
    } catch {}
    for (const name of names) {
      if (hidden.includes(name)) continue;
      try {
        symlinkSync(join(from, name), join(dir, name));
      } catch {}
    }
  }
  return dir;
}

test("the test command, not root and without sox, stops within 10 s and says what to install", () => {
  const bin = pathWithout(["sox", "soxi"]);
  try {
    // As root, run it as nobody: root would install sox instead of stopping.
    const asUser = process.getuid?.() === 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : [];
    // A copy of the commands, so the unprivileged user can read them wherever this clone lives.
    const copy = join(bin, "clone");
    cpSync(join(root, "scripts"), join(copy, "scripts"), { recursive: true });
    const [cmd, ...args] = [...asUser, "bash", join(copy, "scripts/test.sh")];
    const started = Date.now();
    const res = spawnSync(cmd, args, {
      env: { PATH: bin, HOME: tmpdir() },
      encoding: "utf8",
      timeout: 10_000,
      killSignal: "SIGKILL",
    });
    const seconds = (Date.now() - started) / 1000;
    assert.notEqual(res.error?.code, "ETIMEDOUT", "the test command did not stop within 10 s");
    assert.equal(res.status, 1, res.stderr);
    assert.ok(seconds < 10, `took ${seconds} s`);
    assert.match(res.stderr, /sox \(test audio made from the fixtures\)/);
    assert.match(res.stderr, /sudo apt-get install -y (\S+ )*sox\b/);
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
});

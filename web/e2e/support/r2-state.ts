import { execFileSync } from "node:child_process";

/**
 * How many R2 multipart uploads of the app under test are still open (neither completed nor aborted), read
 * from miniflare's own store under E2E_PERSIST_DIR (the `--persist-to` the test command gave wrangler dev).
 * Miniflare keeps them in SQLite; Python's sqlite3 reads it without another dependency.
 */
export function openMultipartUploads(): number {
  const dir = process.env.E2E_PERSIST_DIR;
  if (!dir) throw new Error("E2E_PERSIST_DIR is not set: the test command passes wrangler dev's --persist-to");
  const script = `
import glob, sqlite3, sys
n = 0
for f in glob.glob(sys.argv[1] + "/v3/r2/miniflare-R2BucketObject/*.sqlite"):
    if not f.endswith("metadata.sqlite"):
        n += sqlite3.connect(f).execute("select count(*) from _mf_multipart_uploads where state = 0").fetchone()[0]
print(n)`;
  return Number(execFileSync("python3", ["-c", script, dir], { encoding: "utf8" }).trim());
}

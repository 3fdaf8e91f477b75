// @ts-check
// Installs stripe-mock into .tools/bin unless it is there (ensureStripeMock); with --check, only says whether it
// can be: exits 1 with what to install on a machine without Go ≥ 1.22. The test command runs this file by path,
// as it runs asr/install.sh: on a clean clone that is before `pnpm install` has linked @verbatim/testing.
import { ensureStripeMock, stripeMockGo } from "./stripe-mock.mjs";

try {
  if (process.argv.includes("--check")) stripeMockGo();
  else ensureStripeMock();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

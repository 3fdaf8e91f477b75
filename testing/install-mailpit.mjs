// @ts-check
// Installs Mailpit into .tools/bin unless it is there (ensureMailpit). Run by its path, like install-stripe-mock.mjs:
// on a clean clone that is before `pnpm install` has linked @verbatim/testing.
import { ensureMailpit } from "./mailpit.mjs";

try {
  ensureMailpit();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

import { fileURLToPath } from "node:url";

/** The app under test: env BASE_URL, passed on by vitest.config.ts (default: wrangler dev's port). */
export const BASE_URL = (process.env.E2E_APP_URL ?? "http://127.0.0.1:8787").replace(/\/$/, "");

/** The repository root (web/e2e/support → ../../..), where the screenshots go. */
const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Test recordings live in the repository: <repo>/test-fixtures (sources and licences in its README). */
export { audioFixture, JFK_FLAC, JFK_MP3, JFK_VIDEO } from "@verbatim/testing/audio";

export const SCREENSHOT_DIR = `${REPO_ROOT}test-artifacts/screenshots`;
